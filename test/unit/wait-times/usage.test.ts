import { describe, expect, it } from 'vitest';
import { favouriteAirports, recentAirports } from '@/lib/settings';
import { rememberRecentAirport, toggleFavouriteAirport } from '@/lib/wait-times/usage';

describe('recent and favourite airports', () => {
  it('keeps recent airports newest first, once each, at most five', async () => {
    for (const code of ['ARN', 'BMA', 'got', 'ARN']) await rememberRecentAirport(code);
    expect(await recentAirports.getValue()).toEqual(['ARN', 'GOT', 'BMA']);
    for (const code of ['MMX', 'LLA', 'UME', 'OSD']) await rememberRecentAirport(code);
    expect(await recentAirports.getValue()).toEqual(['OSD', 'UME', 'LLA', 'MMX', 'ARN']);
  });

  it('toggles a favourite on and off', async () => {
    expect(await toggleFavouriteAirport('arn')).toEqual(['ARN']);
    expect(await toggleFavouriteAirport('GOT')).toEqual(['ARN', 'GOT']);
    expect(await toggleFavouriteAirport('ARN')).toEqual(['GOT']);
    expect(await favouriteAirports.getValue()).toEqual(['GOT']);
  });
});
