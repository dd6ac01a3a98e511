import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/preact';
import { BoardProblemNote } from '@/components/sidepanel/BoardProblemNote';
import { LeaveBy } from '@/components/sidepanel/LeaveBy';
import type { BoardProblem } from '@/components/sidepanel/useWaitBoard';
import { DEFAULT_LEAVE_BY_BUFFERS } from '@/lib/settings';
import { stockholmTimeText } from '@/lib/wait-times/format';
import type { RefreshState } from '@/lib/wait-times/refresh';

// 07:15 UTC is 08:15 on Stockholm's clock in November.
const NOW = Date.parse('2026-11-27T07:00:00Z');
const AT = Date.parse('2026-11-27T07:15:00Z');
const idle: RefreshState = { running: false, pausedUntil: null, nextAt: null, failures: 1 };
const serverError: BoardProblem = { kind: 'airport', error: { kind: 'server', status: 500, calls: 1 } };
const rateLimited: BoardProblem = { kind: 'airport', error: { kind: 'rate-limited', retryAfterSeconds: 900, calls: 1 } };

describe("every time on the panel is Stockholm's, marked when the browser's clock differs", () => {
  it('one helper: marked in London, unmarked in Stockholm and in Oslo (the same clock)', () => {
    expect(stockholmTimeText(AT, NOW, 'en-GB', 'UTC')).toBe('08:15 (Stockholm time)');
    expect(stockholmTimeText(AT, NOW, 'en-GB', 'Europe/Stockholm')).toBe('08:15');
    expect(stockholmTimeText(AT, NOW, 'en-GB', 'Europe/Oslo')).toBe('08:15');
  });

  it('the next try after a failure', () => {
    const note = (localZone: string) => (
      <BoardProblemNote
        problem={serverError}
        airportTitle="ARN"
        refresh={{ ...idle, nextAt: AT }}
        oldDataFrom={null}
        now={NOW}
        locale="en-GB"
        localZone={localZone}
      />
    );
    const view = render(note('UTC'));
    expect(screen.getByText('Next try at 08:15 (Stockholm time).')).toBeTruthy();
    view.rerender(note('Europe/Stockholm'));
    expect(screen.getByText('Next try at 08:15.')).toBeTruthy();
  });

  it('automatic refresh paused until', () => {
    render(
      <BoardProblemNote
        problem={rateLimited}
        airportTitle="ARN"
        refresh={{ ...idle, pausedUntil: AT }}
        oldDataFrom={null}
        now={NOW}
        locale="en-GB"
        localZone="UTC"
      />,
    );
    expect(screen.getByText('Automatic refresh is paused until 08:15 (Stockholm time).')).toBeTruthy();
  });

  it('when to leave: the marker only when the browser is on another clock', () => {
    const leave = (localZone: string) => (
      <LeaveBy
        flight={{ iata: 'ARN', flight: 'SK1415', date: '2026-11-27', departs: '08:00' }}
        board={{ queues: [], measuredAt: null }}
        buffers={DEFAULT_LEAVE_BY_BUFFERS}
        now={Date.parse('2026-11-27T04:00:00Z')}
        locale="en-GB"
        localZone={localZone}
      />
    );
    const view = render(leave('UTC'));
    const times = () => screen.getByRole('region', { name: 'When to leave for SK1415' }).querySelector('[aria-live="polite"]')!.textContent;
    expect(times()).toBe('Be at security by 07:40 · leave by 06:55 (Stockholm time)');
    view.rerender(leave('Europe/Stockholm'));
    expect(times()).toBe('Be at security by 07:40 · leave by 06:55');
  });
});
