import { describe, expect, it } from 'vitest';
import { airportLocalTime, feedInstant, instantOfWall, offsetAt, zonedDate, zonedInstant } from '@/lib/airport/zone';

const utc = (iso: string) => Date.parse(iso);

/**
 * Each airport's own clock, across the 2026 changes (the EU's last Sundays of March and October,
 * at 01:00 UTC; Britain and Ireland change at the same instant).
 */
describe('zonedInstant: a clock reading at the airport as an instant', () => {
  it.each<[zone: string, date: string, time: string, instant: string]>([
    // Winter and summer, every zone of the catalogue.
    ['Europe/Stockholm', '2026-11-27', '08:00', '2026-11-27T07:00:00Z'],
    ['Europe/Stockholm', '2026-06-19', '08:00', '2026-06-19T06:00:00Z'],
    ['Europe/Copenhagen', '2026-01-15', '06:30', '2026-01-15T05:30:00Z'],
    ['Europe/Copenhagen', '2026-07-15', '06:30', '2026-07-15T04:30:00Z'],
    ['Europe/Oslo', '2026-02-01', '23:59', '2026-02-01T22:59:00Z'],
    ['Europe/Oslo', '2026-08-01', '00:00', '2026-07-31T22:00:00Z'],
    ['Europe/Amsterdam', '2026-12-31', '12:00', '2026-12-31T11:00:00Z'],
    ['Europe/Amsterdam', '2026-05-05', '12:00', '2026-05-05T10:00:00Z'],
    ['Europe/Berlin', '2026-03-28', '09:15', '2026-03-28T08:15:00Z'],
    ['Europe/Berlin', '2026-03-30', '09:15', '2026-03-30T07:15:00Z'],
    ['Europe/Dublin', '2026-01-15', '08:00', '2026-01-15T08:00:00Z'],
    ['Europe/Dublin', '2026-07-01', '08:00', '2026-07-01T07:00:00Z'],
    ['Europe/London', '2026-01-15', '08:00', '2026-01-15T08:00:00Z'],
    ['Europe/London', '2026-07-01', '08:00', '2026-07-01T07:00:00Z'],
    // Spring's missing hour: the earlier instant it could mean.
    ['Europe/Stockholm', '2026-03-29', '02:30', '2026-03-29T00:30:00Z'],
    ['Europe/Berlin', '2026-03-29', '02:00', '2026-03-29T00:00:00Z'],
    ['Europe/London', '2026-03-29', '01:30', '2026-03-29T00:30:00Z'],
    ['Europe/Dublin', '2026-03-29', '01:00', '2026-03-29T00:00:00Z'],
    // Autumn's repeated hour: the earlier of the two.
    ['Europe/Stockholm', '2026-10-25', '02:30', '2026-10-25T00:30:00Z'],
    ['Europe/Amsterdam', '2026-10-25', '02:00', '2026-10-25T00:00:00Z'],
    ['Europe/London', '2026-10-25', '01:30', '2026-10-25T00:30:00Z'],
    ['Europe/Dublin', '2026-10-25', '01:59', '2026-10-25T00:59:00Z'],
    // Just either side of a change.
    ['Europe/Stockholm', '2026-03-29', '01:59', '2026-03-29T00:59:00Z'],
    ['Europe/Stockholm', '2026-03-29', '03:00', '2026-03-29T01:00:00Z'],
    ['Europe/London', '2026-10-25', '02:00', '2026-10-25T02:00:00Z'],
  ])('%s %s %s → %s', (zone, date, time, instant) => {
    expect(new Date(zonedInstant(date, time, zone)!).toISOString()).toBe(new Date(instant).toISOString());
  });

  it.each([
    ['2026-02-30', '08:00'],
    ['2026-13-01', '08:00'],
    ['2026-1-1', '08:00'],
    ['2026-01-01', '24:00'],
    ['2026-01-01', '8:00'],
    ['2026-01-01', ''],
  ])('%s %s is no time', (date, time) => {
    expect(zonedInstant(date, time, 'Europe/Stockholm')).toBeNull();
  });
});

describe('zonedDate: the date at the airport', () => {
  it.each<[zone: string, now: string, days: number, date: string]>([
    ['Europe/Stockholm', '2026-06-30T21:59:00Z', 0, '2026-06-30'],
    ['Europe/Stockholm', '2026-06-30T22:00:00Z', 0, '2026-07-01'],
    ['Europe/London', '2026-06-30T22:30:00Z', 0, '2026-06-30'],
    ['Europe/London', '2026-06-30T23:30:00Z', 0, '2026-07-01'],
    ['Europe/London', '2026-12-31T23:30:00Z', 0, '2026-12-31'],
    ['Europe/Dublin', '2026-12-31T23:30:00Z', 1, '2027-01-01'],
    ['Europe/Berlin', '2026-12-31T23:30:00Z', 1, '2027-01-02'],
    ['Europe/Oslo', '2026-02-28T12:00:00Z', 1, '2026-03-01'],
  ])('%s at %s, +%i day(s): %s', (zone, now, days, date) => {
    expect(zonedDate(utc(now), zone, days)).toBe(date);
  });
});

describe('offsetAt and instantOfWall', () => {
  it('know the offsets either side of a change', () => {
    expect(offsetAt(utc('2026-03-29T00:59:59Z'), 'Europe/Stockholm')).toBe(60 * 60_000);
    expect(offsetAt(utc('2026-03-29T01:00:00Z'), 'Europe/Stockholm')).toBe(2 * 60 * 60_000);
    expect(offsetAt(utc('2026-10-25T00:59:59Z'), 'Europe/London')).toBe(60 * 60_000);
    expect(offsetAt(utc('2026-10-25T01:00:00Z'), 'Europe/London')).toBe(0);
  });

  it('reads a wall clock with seconds', () => {
    expect(instantOfWall(utc('2026-09-23T11:31:44Z'), 'Europe/Copenhagen')).toBe(utc('2026-09-23T09:31:44Z'));
  });
});

describe('feedInstant: a feed’s timestamp', () => {
  it.each<[value: unknown, zone: string, instant: string | undefined]>([
    ['2026-09-23T11:31:44Z', 'Europe/Copenhagen', '2026-09-23T11:31:44Z'],
    ['2026-09-23T11:31:44+02:00', 'Europe/Copenhagen', '2026-09-23T09:31:44Z'],
    ['2026-09-23T11:31:44+0200', 'Europe/Copenhagen', '2026-09-23T09:31:44Z'],
    ['2026-09-23T11:31:44-05', 'Europe/Copenhagen', '2026-09-23T16:31:44Z'],
    // Without an offset: the airport's own clock.
    ['2026-09-23T11:31:44', 'Europe/Copenhagen', '2026-09-23T09:31:44Z'],
    ['2026-12-23 11:31', 'Europe/Copenhagen', '2026-12-23T10:31:00Z'],
    ['2026-09-23T11:31:44.1234567', 'Europe/Copenhagen', '2026-09-23T09:31:44.123Z'],
    ['2026-09-23T11:31:44', 'Europe/London', '2026-09-23T10:31:44Z'],
    // Epoch seconds and milliseconds.
    [1_790_000_000, 'Europe/Amsterdam', new Date(1_790_000_000_000).toISOString()],
    [1_790_000_000_123, 'Europe/Amsterdam', new Date(1_790_000_000_123).toISOString()],
    // No time.
    ['2026-02-30T10:00:00', 'Europe/Copenhagen', undefined],
    ['2026-09-23T25:00:00Z', 'Europe/Copenhagen', undefined],
    ['yesterday', 'Europe/Copenhagen', undefined],
    ['', 'Europe/Copenhagen', undefined],
    [null, 'Europe/Copenhagen', undefined],
    [-5, 'Europe/Copenhagen', undefined],
    [Number.NaN, 'Europe/Copenhagen', undefined],
  ])('%j on %s → %s', (value, zone, instant) => {
    const at = feedInstant(value, zone);
    expect(at === undefined ? undefined : new Date(at).toISOString()).toBe(
      instant === undefined ? undefined : new Date(instant).toISOString(),
    );
  });
});

describe('airportLocalTime: a measurement on its airport’s clock (date, weekday, minute of the day)', () => {
  it.each<[iso: string, zone: string, local: ReturnType<typeof airportLocalTime>]>([
    // A Tuesday at 07:15 in Copenhagen in summer.
    ['2026-09-29T05:15:00Z', 'Europe/Copenhagen', { date: '2026-09-29', weekday: 2, minuteOfDay: 435 }],
    // Still Monday in Dublin when Stockholm has reached Tuesday.
    ['2026-09-28T22:30:00Z', 'Europe/Dublin', { date: '2026-09-28', weekday: 1, minuteOfDay: 1410 }],
    ['2026-09-28T22:30:00Z', 'Europe/Stockholm', { date: '2026-09-29', weekday: 2, minuteOfDay: 30 }],
    // Either side of autumn's change in London.
    ['2026-10-25T00:30:00Z', 'Europe/London', { date: '2026-10-25', weekday: 0, minuteOfDay: 90 }],
    ['2026-10-25T01:30:00Z', 'Europe/London', { date: '2026-10-25', weekday: 0, minuteOfDay: 90 }],
  ])('%s on %s', (iso, zone, local) => {
    expect(airportLocalTime(utc(iso), zone)).toEqual(local);
  });
});
