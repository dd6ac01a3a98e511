import { describe, expect, it } from 'vitest';
import type { Queue } from '@/lib/airport/types';
import { leaveBy, stockholmInstant } from '@/lib/wait-times/leave-by';

const MINUTE = 60_000;
const at = (iso: string) => Date.parse(iso);

function queue(minutes: number, overflow = false, isFastTrack = false): Queue {
  return {
    id: minutes,
    name: 'Security Terminal 5F',
    minutes,
    isFastTrack,
    terminal: 'T5',
    latitude: 59.65,
    longitude: 17.93,
    overflow,
    measuredAt: '',
  };
}

interface Row {
  name: string;
  date: string;
  departs: string;
  toAirport: number;
  toGate: number;
  queues: Queue[];
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
    queues: [queue(30), queue(4, false, true)],
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
];

describe('leaveBy', () => {
  it.each(table)('$name', (row) => {
    const result = leaveBy({
      date: row.date,
      departs: row.departs,
      toAirportMinutes: row.toAirport,
      toGateMinutes: row.toGate,
      queues: row.queues.map((q) => ({ ...q, measuredAt: row.measured ?? '' })),
      measuredAt: row.measured,
      now: at(row.now),
      locale: 'sv',
    });
    expect(result).toEqual({
      departureAt: expect.any(Number),
      securityBy: { at: at(row.security[0]), text: row.security[1], past: row.security[2] },
      leaveBy: { at: at(row.leave[0]), text: row.leave[1], past: row.leave[2] },
      waitMinutes: row.wait,
      overflowCounted: row.overflow ?? false,
      stale: row.stale ?? false,
    });
    // Real elapsed time between leaving and the departure: the buffers and the wait, whatever the clock did.
    expect((result!.departureAt - result!.leaveBy.at) / MINUTE).toBe(row.toAirport + row.toGate + (row.wait ?? 0));
  });

  it('is null without a readable departure time', () => {
    const base = { toAirportMinutes: 45, toGateMinutes: 20, queues: [], measuredAt: null, now: 0 };
    expect(leaveBy({ ...base, date: '2026-11-27', departs: '24:00' })).toBeNull();
    expect(leaveBy({ ...base, date: '2026-11-27', departs: '8:00' })).toBeNull();
    expect(leaveBy({ ...base, date: '2026-02-30', departs: '08:00' })).toBeNull();
  });
});

describe('stockholmInstant', () => {
  it.each([
    ['2026-07-01', '12:00', '2026-07-01T10:00:00Z'],
    ['2026-12-31', '23:59', '2026-12-31T22:59:00Z'],
    // The repeated hour: the earlier of the two readings (summer time).
    ['2026-10-25', '02:30', '2026-10-25T00:30:00Z'],
    // The missing hour: the earlier instant it could mean (02:30 summer time, which the clock shows as 01:30 winter time).
    ['2026-03-29', '02:30', '2026-03-29T00:30:00Z'],
  ])('%s %s on Stockholm’s clock is %s', (date, departs, utc) => {
    expect(stockholmInstant(date, departs)).toBe(at(utc));
  });
});
