import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { LeaveBy } from '@/components/sidepanel/LeaveBy';
import type { Queue } from '@/lib/airport/types';
import { DEFAULT_LEAVE_BY_BUFFERS, leaveByBuffers } from '@/lib/settings';

// 08:00 on Stockholm's clock is 07:00 UTC in November.
const FLIGHT = { iata: 'ARN', flight: 'SK1415', date: '2026-11-27', departs: '08:00' };
const at = (iso: string) => Date.parse(iso);
const EARLY = at('2026-11-27T04:00:00Z');
const MEASURED = '2026-11-27T03:57:04Z';

function t5(minutes: number, overflow = false, measuredAt = MEASURED): Queue[] {
  return [
    {
      id: 23,
      name: 'Security Terminal 5F',
      minutes,
      isFastTrack: false,
      terminal: 'T5',
      latitude: 59.65,
      longitude: 17.93,
      overflow,
      measuredAt,
    },
    {
      id: 24,
      name: 'Security Terminal 5F FastTrack',
      minutes: 0,
      isFastTrack: true,
      terminal: 'T5',
      latitude: 59.65,
      longitude: 17.93,
      overflow: false,
      measuredAt,
    },
  ];
}

function show(queues: Queue[], now = EARLY, measuredAt: string | null = MEASURED) {
  return render(<LeaveBy flight={FLIGHT} board={{ queues, measuredAt }} buffers={DEFAULT_LEAVE_BY_BUFFERS} now={now} locale="en-GB" />);
}

const section = () => screen.getByRole('region', { name: 'When to leave for SK1415' });
const live = () => section().querySelector('[aria-live="polite"]')!;

describe('LeaveBy', () => {
  it('says when to be at security and when to leave, on Stockholm time, and what it counted', () => {
    show(t5(30));
    expect(live().textContent).toBe('Be at security by 07:10 · leave by 06:25 (Stockholm time)');
    expect(section().textContent).toMatch(
      /Counted: a wait of 30 min, the longest at your flight's checkpoints; 45 min to the airport; 20 min from security to the gate\./,
    );
    expect(section().textContent).not.toMatch(/out-of-date|already passed/);
  });

  it('moves when a refresh brings another wait, in the same live region', () => {
    const view = show(t5(30));
    const region = live();
    view.rerender(
      <LeaveBy
        flight={FLIGHT}
        board={{ queues: t5(42), measuredAt: MEASURED }}
        buffers={DEFAULT_LEAVE_BY_BUFFERS}
        now={EARLY}
        locale="en-GB"
      />,
    );
    expect(live()).toBe(region);
    expect(region.textContent).toBe('Be at security by 06:58 · leave by 06:13 (Stockholm time)');
  });

  it('does not touch the live region when only the clock moves', () => {
    const view = show(t5(30));
    const text = live().firstChild!.firstChild!;
    view.rerender(
      <LeaveBy
        flight={FLIGHT}
        board={{ queues: t5(30), measuredAt: MEASURED }}
        buffers={DEFAULT_LEAVE_BY_BUFFERS}
        now={EARLY + 60_000}
        locale="en-GB"
      />,
    );
    expect(live().firstChild!.firstChild).toBe(text);
    expect(live().textContent).toBe('Be at security by 07:10 · leave by 06:25 (Stockholm time)');
  });

  it('names an overflowing queue counted as a long wait', () => {
    show(t5(16, true));
    expect(live().textContent).toBe('Be at security by 07:20 · leave by 06:35 (Stockholm time)');
    expect(section().textContent).toMatch(
      /a wait of at least 20 min, since a queue at your flight's checkpoints is longer than measured and counts as a long wait/,
    );
  });

  it('counts only the person’s own times when no checkpoint is measured', () => {
    show([], EARLY, null);
    expect(live().textContent).toBe('Be at security by 07:40 · leave by 06:55 (Stockholm time)');
    expect(section().textContent).toMatch(/No wait is measured at your flight's checkpoints, so only your own times are counted/);
    expect(section().textContent).not.toMatch(/out-of-date/);
  });

  it('says plainly that a time has passed, and that the measurement is out of date', () => {
    show(t5(30, false, '2026-11-27T05:00:04Z'), at('2026-11-27T05:40:00Z'), '2026-11-27T05:00:04Z');
    expect(live().textContent).toBe(
      'Be at security by 07:10 · leave by 06:25 (Stockholm time)The time to leave, 06:25 (Stockholm time), has already passed.',
    );
    expect(section().textContent).toMatch(/This rests on an out-of-date measurement: the queue may have changed since\./);
  });

  it('once security time has passed too, says that one', () => {
    show(t5(30), at('2026-11-27T06:15:00Z'), MEASURED);
    expect(screen.getByText('The time to be at security, 07:10 (Stockholm time), has already passed.')).toBeTruthy();
    expect(screen.queryByText(/The time to leave/)).toBeNull();
  });

  it('offers the person’s times beside the result, and they are remembered', async () => {
    show(t5(30));
    fireEvent.click(screen.getByText('Your times to the airport and to the gate'));
    const field = screen.getByRole('spinbutton', { name: 'Minutes to the airport' });
    fireEvent.input(field, { target: { value: '60' } });
    fireEvent.change(field);
    await waitFor(async () => expect(await leaveByBuffers.getValue()).toEqual({ toAirportMinutes: 60, toGateMinutes: 20 }));
  });
});
