import { describe, expect, it } from 'vitest';
import {
  MAX_RECENT_AIRPORTS,
  callsThisMonth,
  getFavouriteAirports,
  getRecentAirports,
  monthOf,
  rememberRecentAirport,
  toggleFavouriteAirport,
} from '@/lib/wait-times/usage';
import { airportCalls } from '@/lib/settings';

const SEPT = new Date(2026, 8, 29, 15, 0);
const OCT = new Date(2026, 9, 1, 0, 5);

describe('calls this month', () => {
  it('reads the count of this month, and 0 once the month has changed', async () => {
    expect(await callsThisMonth(SEPT)).toBe(0);
    await airportCalls.setValue({ month: monthOf(SEPT), count: 42 });
    expect(monthOf(SEPT)).toBe('2026-09');
    expect(await callsThisMonth(SEPT)).toBe(42);
    expect(await callsThisMonth(SEPT.getTime())).toBe(42);
    expect(await callsThisMonth(OCT)).toBe(0);
  });
});

describe('recent and favourite airports', () => {
  it('keeps recent airports newest first, once each, at most five', async () => {
    for (const code of ['ARN', 'BMA', 'got', 'ARN']) await rememberRecentAirport(code);
    expect(await getRecentAirports()).toEqual(['ARN', 'GOT', 'BMA']);
    for (const code of ['MMX', 'LLA', 'UME', 'OSD']) await rememberRecentAirport(code);
    expect(await getRecentAirports()).toEqual(['OSD', 'UME', 'LLA', 'MMX', 'ARN']);
    expect((await getRecentAirports()).length).toBe(MAX_RECENT_AIRPORTS);
  });

  it('toggles a favourite on and off', async () => {
    expect(await toggleFavouriteAirport('arn')).toEqual(['ARN']);
    expect(await toggleFavouriteAirport('GOT')).toEqual(['ARN', 'GOT']);
    expect(await toggleFavouriteAirport('ARN')).toEqual(['GOT']);
    expect(await getFavouriteAirports()).toEqual(['GOT']);
  });
});
