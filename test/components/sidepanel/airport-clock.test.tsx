import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/preact';
import { BoardProblemNote } from '@/components/sidepanel/BoardProblemNote';
import { LeaveBy } from '@/components/sidepanel/LeaveBy';
import type { BoardProblem } from '@/components/sidepanel/useWaitBoard';
import { DEFAULT_LEAVE_BY_BUFFERS } from '@/lib/settings';
import { airportTimeText } from '@/lib/wait-times/format';
import type { RefreshState } from '@/lib/wait-times/refresh';

// 07:15 UTC is 08:15 on Stockholm's and Copenhagen's clocks in November, 07:15 on Dublin's.
const NOW = Date.parse('2026-11-27T07:00:00Z');
const AT = Date.parse('2026-11-27T07:15:00Z');
const idle: RefreshState = { running: false, pausedUntil: null, nextAt: null, failures: 1, notBefore: null };
const serverError: BoardProblem = { kind: 'airport', error: { kind: 'server', status: 500, calls: 1 }, source: 'swedavia-api' };
const rateLimited: BoardProblem = { kind: 'airport', error: { kind: 'rate-limited', retryAfterSeconds: 900, calls: 1 }, source: 'cph' };

describe("every time on the panel is the airport's, marked when the browser's clock differs", () => {
  it('one helper: marked in London, unmarked in Stockholm and in Oslo (the same clock)', () => {
    expect(airportTimeText(AT, NOW, 'Europe/Stockholm', 'en-GB', 'UTC')).toBe('08:15 (Stockholm time)');
    expect(airportTimeText(AT, NOW, 'Europe/Stockholm', 'en-GB', 'Europe/Stockholm')).toBe('08:15');
    expect(airportTimeText(AT, NOW, 'Europe/Stockholm', 'en-GB', 'Europe/Oslo')).toBe('08:15');
    // Never Stockholm's clock for another airport.
    expect(airportTimeText(AT, NOW, 'Europe/Dublin', 'en-GB', 'Europe/Stockholm')).toBe('07:15 (Irish time)');
    expect(airportTimeText(AT, NOW, 'Europe/Copenhagen', 'en-GB', 'UTC')).toBe('08:15 (Copenhagen time)');
  });

  it('the next try after a failure', () => {
    const note = (localZone: string) => (
      <BoardProblemNote
        problem={serverError}
        airportTitle="ARN"
        timeZone="Europe/Stockholm"
        refresh={{ ...idle, nextAt: AT }}
        oldDataFrom={null}
        now={NOW}
        locale="en-GB"
        localZone={localZone}
        onAllow={() => undefined}
      />
    );
    const view = render(note('UTC'));
    expect(screen.getByText('Next try at 08:15 (Stockholm time).')).toBeTruthy();
    view.rerender(note('Europe/Stockholm'));
    expect(screen.getByText('Next try at 08:15.')).toBeTruthy();
  });

  it('automatic refresh paused until, on the airport’s clock', () => {
    render(
      <BoardProblemNote
        problem={rateLimited}
        airportTitle="CPH"
        timeZone="Europe/Copenhagen"
        refresh={{ ...idle, pausedUntil: AT }}
        oldDataFrom={null}
        now={NOW}
        locale="en-GB"
        localZone="UTC"
        onAllow={() => undefined}
      />,
    );
    expect(screen.getByText('Automatic refresh is paused until 08:15 (Copenhagen time).')).toBeTruthy();
  });

  it('when to leave: the marker only when the browser is on another clock', () => {
    const leave = (localZone: string) => (
      <LeaveBy
        flight={{ iata: 'ARN', flight: 'SK1415', date: '2026-11-27', departs: '08:00' }}
        checkpoints={[]}
        measuredAt={null}
        stepMinutes={15}
        timeZone="Europe/Stockholm"
        basis={{ kind: 'per-flight' }}
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
