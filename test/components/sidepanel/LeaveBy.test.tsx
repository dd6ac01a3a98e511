import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { LeaveBy } from '@/components/sidepanel/LeaveBy';
import type { Checkpoint } from '@/lib/airport/airport-board';
import { checkpointOfQueue } from '@/lib/airport/sources/swedavia-board';
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

/** Swedavia's answer for the flight: counted per flight, on Stockholm's clock and 15-minute step. */
const perFlight = (queues: Queue[], measuredAt: string | null = MEASURED) => ({
  checkpoints: queues.map(checkpointOfQueue),
  measuredAt,
  stepMinutes: 15,
  timeZone: 'Europe/Stockholm',
  basis: { kind: 'per-flight' } as const,
});

function show(queues: Queue[], now = EARLY, measuredAt: string | null = MEASURED) {
  return render(<LeaveBy flight={FLIGHT} {...perFlight(queues, measuredAt)} buffers={DEFAULT_LEAVE_BY_BUFFERS} now={now} locale="en-GB" />);
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
    view.rerender(<LeaveBy flight={FLIGHT} {...perFlight(t5(42))} buffers={DEFAULT_LEAVE_BY_BUFFERS} now={EARLY} locale="en-GB" />);
    expect(live()).toBe(region);
    expect(region.textContent).toBe('Be at security by 06:58 · leave by 06:13 (Stockholm time)');
  });

  it('does not touch the live region when only the clock moves', () => {
    const view = show(t5(30));
    const text = live().firstChild!.firstChild!;
    view.rerender(
      <LeaveBy flight={FLIGHT} {...perFlight(t5(30))} buffers={DEFAULT_LEAVE_BY_BUFFERS} now={EARLY + 60_000} locale="en-GB" />,
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

describe('LeaveBy where the airport names no flight’s checkpoint', () => {
  /** Frankfurt at 08:00 German time (07:00 UTC in November), or Copenhagen (the same clock). */
  const stated = (...waits: Checkpoint['wait'][]) => waits.map((wait) => ({ wait }));
  const board = (timeZone: string, basis: Parameters<typeof LeaveBy>[0]['basis'], checkpoints: Pick<Checkpoint, 'wait'>[]) =>
    render(
      <LeaveBy
        flight={{ ...FLIGHT, iata: 'FRA', flight: 'LH400' }}
        checkpoints={checkpoints}
        measuredAt={MEASURED}
        stepMinutes={5}
        timeZone={timeZone}
        basis={basis}
        buffers={DEFAULT_LEAVE_BY_BUFFERS}
        now={EARLY}
        locale="en-GB"
        localZone="Europe/Berlin"
      />,
    );
  const region = () => screen.getByRole('region', { name: 'When to leave for LH400' });

  it('Frankfurt: the checkpoint for the gate, on Frankfurt’s clock, unmarked where the browser’s reads the same', () => {
    board('Europe/Berlin', { kind: 'gate', gate: 'B44' }, stated({ kind: 'range', from: 10, to: 15 }));
    expect(region().querySelector('[aria-live]')!.textContent).toBe('Be at security by 07:25 · leave by 06:40');
    expect(region().textContent).toMatch(
      /Counted: a wait of 15 min, the longest at the checkpoints for gate B44; 45 min to the airport; 20 min from security to the gate\. An interval or a bound counts at its upper end\./,
    );
  });

  it('Frankfurt, a gate no checkpoint lists: the airport’s longest, saying why', () => {
    board(
      'Europe/Berlin',
      { kind: 'gate-unlisted', gate: 'A99' },
      stated({ kind: 'minutes', minutes: 8 }, { kind: 'minutes', minutes: 20 }),
    );
    expect(region().textContent).toMatch(/a wait of 20 min, the longest at the airport, since no checkpoint lists gate \u2068A99\u2069;/);
  });

  it('Copenhagen: the terminal’s longest, saying it is not the flight’s own checkpoint', () => {
    board('Europe/Copenhagen', { kind: 'terminal', terminal: 'T3' }, stated({ kind: 'range', from: 0, to: 5 }));
    expect(region().textContent).toMatch(
      /a wait of 5 min, the longest in \u2068T3\u2069, not your flight's own checkpoint: the airport does not say which one serves a flight;/,
    );
  });

  it('Dublin: the airport’s longest, on Dublin’s clock and marked so where the browser’s is an hour ahead', () => {
    board('Europe/Dublin', { kind: 'airport' }, stated({ kind: 'minutes', minutes: 10 }, null));
    // 08:00 in Dublin is 08:00 UTC in November: security 07:30, leave 06:45, Irish time.
    expect(region().querySelector('[aria-live]')!.textContent).toBe('Be at security by 07:30 · leave by 06:45 (Irish time)');
    expect(region().textContent).toMatch(/the longest at the airport, not your flight's own checkpoint/);
  });
});
