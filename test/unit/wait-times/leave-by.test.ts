import { describe, expect, it } from 'vitest';
import type { Checkpoint, Wait } from '@/lib/airport/airport-board';
import { waitOfQueue } from '@/lib/airport/sources/swedavia-board';
import { leaveBy } from '@/lib/wait-times/leave-by';

const MINUTE = 60_000;
const at = (iso: string) => Date.parse(iso);

/** A Swedavia queue of these minutes, as a checkpoint's wait. */
function queue(minutes: number, overflow = false): Pick<Checkpoint, 'wait'> {
  return { wait: waitOfQueue({ minutes, overflow }) };
}

/** A website's wait as it states it. */
const stated = (wait: Wait | null): Pick<Checkpoint, 'wait'> => ({ wait });

interface Row {
  name: string;
  date: string;
  departs: string;
  toAirport: number;
  toGate: number;
  queues: Array<Pick<Checkpoint, 'wait'>>;
  /** Stockholm's unless given. */
  zone?: string;
  /** Swedavia's 15 unless given. */
  step?: number;
  /** The wait counted at an interval's or bound's top. */
  top?: boolean;
  /** UTC */
  now: string;
  /** UTC; `measuredAt` of the queues. */
  measured: string | null;
  security: [utc: string, clock: string, past: boolean];
  leave: [utc: string, clock: string, past: boolean];
  wait: number | null;
  overflow?: boolean;
  stale?: boolean;
}

// Swedish clock texts ('sv' writes 24-hour times). Winter time is UTC+1, summer time UTC+2.
const table: Row[] = [
  {
    name: 'ordinary: 08:00 departure, 45 + 20 min buffers, longest queue 30 min (FastTrack shorter)',
    date: '2026-11-27',
    departs: '08:00',
    toAirport: 45,
    toGate: 20,
    queues: [queue(30), queue(4)],
    now: '2026-11-27T04:00:00Z',
    measured: '2026-11-27T03:57:04Z',
    security: ['2026-11-27T06:10:00Z', '07:10', false],
    leave: ['2026-11-27T05:25:00Z', '06:25', false],
    wait: 30,
  },
  {
    name: 'across midnight: a 00:30 departure is reached from the evening before, which the day says',
    date: '2026-11-28',
    departs: '00:30',
    toAirport: 45,
    toGate: 20,
    queues: [queue(12)],
    now: '2026-11-27T19:00:00Z',
    measured: '2026-11-27T18:57:04Z',
    security: ['2026-11-27T22:58:00Z', '27 nov. 23:58', false],
    leave: ['2026-11-27T22:13:00Z', '27 nov. 23:13', false],
    wait: 12,
  },
  {
    name: 'spring forward (29 March 2026): naive clock arithmetic would say 02:45, inside the missing hour',
    date: '2026-03-29',
    departs: '04:00',
    toAirport: 45,
    toGate: 20,
    queues: [queue(10)],
    now: '2026-03-28T22:00:00Z',
    measured: '2026-03-28T21:57:04Z',
    security: ['2026-03-29T01:30:00Z', '03:30', false],
    leave: ['2026-03-29T00:45:00Z', '01:45', false],
    wait: 10,
  },
  {
    name: 'fall back (25 October 2026): leave-by in the repeated hour, two real hours before a 03:30 departure',
    date: '2026-10-25',
    departs: '03:30',
    toAirport: 90,
    toGate: 20,
    queues: [queue(10)],
    now: '2026-10-24T22:00:00Z',
    measured: '2026-10-24T21:57:04Z',
    security: ['2026-10-25T02:00:00Z', '03:00', false],
    // Naive clock arithmetic would say 01:30; two real hours before 03:30 winter time the clock reads 02:30 summer time.
    leave: ['2026-10-25T00:30:00Z', '02:30', false],
    wait: 10,
  },
  {
    name: 'overflow: 16 measured and longer than that counts as the long band (20 min), above a 12-minute queue',
    date: '2026-11-27',
    departs: '08:00',
    toAirport: 45,
    toGate: 20,
    queues: [queue(16, true), queue(12)],
    now: '2026-11-27T04:00:00Z',
    measured: '2026-11-27T03:57:04Z',
    security: ['2026-11-27T06:20:00Z', '07:20', false],
    leave: ['2026-11-27T05:35:00Z', '06:35', false],
    wait: 20,
    overflow: true,
  },
  {
    name: 'overflow above the long band: its measured minutes count',
    date: '2026-11-27',
    departs: '08:00',
    toAirport: 45,
    toGate: 20,
    queues: [queue(25, true)],
    now: '2026-11-27T04:00:00Z',
    measured: '2026-11-27T03:57:04Z',
    security: ['2026-11-27T06:15:00Z', '07:15', false],
    leave: ['2026-11-27T05:30:00Z', '06:30', false],
    wait: 25,
    overflow: true,
  },
  {
    name: 'no queue measured: the buffers alone, nothing stale',
    date: '2026-11-27',
    departs: '08:00',
    toAirport: 45,
    toGate: 20,
    queues: [],
    now: '2026-11-27T04:00:00Z',
    measured: null,
    security: ['2026-11-27T06:40:00Z', '07:40', false],
    leave: ['2026-11-27T05:55:00Z', '06:55', false],
    wait: null,
  },
  {
    name: 'leave-by already past, security not yet; the measurement out of date (40 min old)',
    date: '2026-11-27',
    departs: '08:00',
    toAirport: 45,
    toGate: 20,
    queues: [queue(30)],
    now: '2026-11-27T05:40:00Z',
    measured: '2026-11-27T05:00:04Z',
    security: ['2026-11-27T06:10:00Z', '07:10', false],
    leave: ['2026-11-27T05:25:00Z', '06:25', true],
    wait: 30,
    stale: true,
  },
  // Every other airport's clock, across its daylight-saving changes (docs/airport-sources.md#clocks).
  {
    name: 'Copenhagen in summer: its clock, an interval counted at its top',
    zone: 'Europe/Copenhagen',
    step: 5,
    date: '2026-07-15',
    departs: '07:00',
    toAirport: 30,
    toGate: 15,
    queues: [stated({ kind: 'range', from: 10, to: 15 }), stated({ kind: 'range', from: 0, to: 5 })],
    now: '2026-07-15T02:00:00Z',
    measured: '2026-07-15T01:58:00Z',
    security: ['2026-07-15T04:30:00Z', '06:30', false],
    leave: ['2026-07-15T04:00:00Z', '06:00', false],
    wait: 15,
    top: true,
  },
  {
    name: 'Oslo, spring forward: the missing hour is real time, the texts what Oslo’s clock reads',
    zone: 'Europe/Oslo',
    step: 5,
    date: '2026-03-29',
    departs: '04:00',
    toAirport: 45,
    toGate: 20,
    queues: [stated({ kind: 'minutes', minutes: 10 })],
    now: '2026-03-28T22:00:00Z',
    measured: '2026-03-28T21:58:00Z',
    security: ['2026-03-29T01:30:00Z', '03:30', false],
    leave: ['2026-03-29T00:45:00Z', '01:45', false],
    wait: 10,
  },
  {
    name: 'Frankfurt, fall back: leave in the repeated hour',
    zone: 'Europe/Berlin',
    step: 5,
    date: '2026-10-25',
    departs: '03:30',
    toAirport: 90,
    toGate: 20,
    queues: [stated({ kind: 'under', minutes: 5 }), stated(null)],
    now: '2026-10-24T22:00:00Z',
    measured: '2026-10-24T21:58:00Z',
    security: ['2026-10-25T02:05:00Z', '03:05', false],
    leave: ['2026-10-25T00:35:00Z', '02:35', false],
    wait: 5,
    top: true,
  },
  {
    name: 'Dublin in winter: its clock is UTC, a figure without a value ignored',
    zone: 'Europe/Dublin',
    step: 5,
    date: '2026-12-10',
    departs: '09:00',
    toAirport: 40,
    toGate: 20,
    queues: [stated(null), stated({ kind: 'minutes', minutes: 12 })],
    now: '2026-12-10T06:00:00Z',
    measured: '2026-12-10T05:58:00Z',
    security: ['2026-12-10T08:28:00Z', '08:28', false],
    leave: ['2026-12-10T07:48:00Z', '07:48', false],
    wait: 12,
  },
  {
    name: 'Dublin, spring forward (29 March, 01:00 → 02:00)',
    zone: 'Europe/Dublin',
    step: 5,
    date: '2026-03-29',
    departs: '03:00',
    toAirport: 60,
    toGate: 20,
    queues: [stated({ kind: 'minutes', minutes: 10 })],
    now: '2026-03-28T22:00:00Z',
    measured: '2026-03-28T21:58:00Z',
    security: ['2026-03-29T01:30:00Z', '02:30', false],
    leave: ['2026-03-29T00:30:00Z', '00:30', false],
    wait: 10,
  },
  {
    name: 'Edinburgh, fall back (25 October, 02:00 → 01:00): the repeated hour',
    zone: 'Europe/London',
    step: 5,
    date: '2026-10-25',
    departs: '02:30',
    toAirport: 60,
    toGate: 20,
    queues: [stated({ kind: 'minutes', minutes: 10 })],
    now: '2026-10-24T20:00:00Z',
    measured: '2026-10-24T19:58:00Z',
    security: ['2026-10-25T02:00:00Z', '02:00', false],
    leave: ['2026-10-25T01:00:00Z', '01:00', false],
    wait: 10,
  },
  {
    name: 'Amsterdam, across midnight in summer',
    zone: 'Europe/Amsterdam',
    step: 5,
    date: '2026-08-02',
    departs: '00:20',
    toAirport: 30,
    toGate: 20,
    queues: [stated({ kind: 'minutes', minutes: 16 })],
    now: '2026-08-01T19:00:00Z',
    measured: '2026-08-01T18:59:00Z',
    security: ['2026-08-01T21:44:00Z', '1 aug. 23:44', false],
    leave: ['2026-08-01T21:14:00Z', '1 aug. 23:14', false],
    wait: 16,
  },
  {
    name: 'Munich, its unit unknown: "up to 12" counts 12, at the top',
    zone: 'Europe/Berlin',
    step: 5,
    date: '2026-06-01',
    departs: '10:00',
    toAirport: 45,
    toGate: 20,
    queues: [stated({ kind: 'at-most', minutes: 12 }), stated({ kind: 'at-most', minutes: 5 })],
    now: '2026-06-01T04:00:00Z',
    measured: '2026-06-01T03:59:00Z',
    security: ['2026-06-01T07:28:00Z', '09:28', false],
    leave: ['2026-06-01T06:43:00Z', '08:43', false],
    wait: 12,
    top: true,
  },
  {
    name: 'a website’s figure older than two of its 5-minute steps: out of date',
    zone: 'Europe/Copenhagen',
    step: 5,
    date: '2026-11-27',
    departs: '08:00',
    toAirport: 45,
    toGate: 20,
    queues: [stated({ kind: 'minutes', minutes: 10 })],
    now: '2026-11-27T05:00:00Z',
    measured: '2026-11-27T04:44:00Z',
    security: ['2026-11-27T06:30:00Z', '07:30', false],
    leave: ['2026-11-27T05:45:00Z', '06:45', false],
    wait: 10,
    stale: true,
  },
];

describe('leaveBy', () => {
  it.each(table)('$name', (row) => {
    const result = leaveBy({
      date: row.date,
      departs: row.departs,
      timeZone: row.zone ?? 'Europe/Stockholm',
      toAirportMinutes: row.toAirport,
      toGateMinutes: row.toGate,
      checkpoints: row.queues,
      measuredAt: row.measured,
      stepMinutes: row.step ?? 15,
      now: at(row.now),
      locale: 'sv',
    });
    expect(result).toEqual({
      departureAt: expect.any(Number),
      securityBy: { at: at(row.security[0]), text: row.security[1], past: row.security[2] },
      leaveBy: { at: at(row.leave[0]), text: row.leave[1], past: row.leave[2] },
      waitMinutes: row.wait,
      overflowCounted: row.overflow ?? false,
      topCounted: row.top ?? false,
      stale: row.stale ?? false,
    });
    // Real elapsed time between leaving and the departure: the buffers and the wait, whatever the clock did.
    expect((result!.departureAt - result!.leaveBy.at) / MINUTE).toBe(row.toAirport + row.toGate + (row.wait ?? 0));
  });

  it('is null without a readable departure time', () => {
    const base = {
      toAirportMinutes: 45,
      toGateMinutes: 20,
      checkpoints: [],
      measuredAt: null,
      now: 0,
      timeZone: 'Europe/Stockholm',
      stepMinutes: 15,
    };
    expect(leaveBy({ ...base, date: '2026-11-27', departs: '24:00' })).toBeNull();
    expect(leaveBy({ ...base, date: '2026-11-27', departs: '8:00' })).toBeNull();
    expect(leaveBy({ ...base, date: '2026-02-30', departs: '08:00' })).toBeNull();
  });
});
