import { describe, expect, it } from 'vitest';
import { boardAddress, feedAddress, routeFor, sourceOf } from '@/lib/wait-times/route';

const API = 'https://api.swedavia.se';
const settings = (swedaviaKey: boolean, feedUrls = {}) => ({ swedaviaKey, apiUrl: `${API}/`, feedUrls });

describe('where an airport’s board comes from', () => {
  it.each<[string, boolean, string | null]>([
    // Swedavia's airports: its API with a key, its website without.
    ['ARN', true, 'swedavia-api'],
    ['arn', false, 'swedavia-web'],
    ['MMX', false, 'swedavia-web'],
    ['CPH', true, 'cph'],
    ['OSL', false, 'osl'],
    ['AMS', false, 'ams'],
    ['FRA', false, 'fra'],
    ['MUC', false, 'muc'],
    ['DUS', false, 'dus'],
    ['DUB', false, 'dub'],
    ['EDI', false, 'edi'],
    ['LHR', true, null],
    ['HEL', false, null],
    ['XYZ', true, null],
  ])('%s (a key saved: %s) → %s', (iata, key, source) => {
    expect(sourceOf(iata, key)).toBe(source);
  });

  it('Swedavia’s API: the Airport API URL, no feed', () => {
    expect(routeFor('arn', settings(true))).toEqual({ kind: 'api', iata: 'ARN', source: 'swedavia-api', address: API });
  });

  it('Swedavia’s website without a key: the address with the code filled in, its origin to be granted', () => {
    expect(routeFor('got', settings(false))).toEqual({
      kind: 'feed',
      iata: 'GOT',
      source: 'swedavia-web',
      address: 'https://www.swedavia.com/services/queuetimes/v2/airport/en/{IATA}/true',
      url: 'https://www.swedavia.com/services/queuetimes/v2/airport/en/GOT/true',
      origin: 'https://www.swedavia.com',
    });
  });

  it('a feed’s address as the person set it (a proxy), its board kept under that address', () => {
    const route = routeFor('CPH', settings(false, { cph: ' https://proxy.example.com/cph/waitingtime.json ' }));
    expect(route).toMatchObject({
      kind: 'feed',
      url: 'https://proxy.example.com/cph/waitingtime.json',
      origin: 'https://proxy.example.com',
    });
    expect(boardAddress(route)).toBe('https://proxy.example.com/cph/waitingtime.json');
    expect(feedAddress('cph', { cph: '  ' })).toBe('https://cphwaitingtime.z6.web.core.windows.net/waitingtime.json');
  });

  it.each([
    ['HEL', 'unpublished'],
    ['ZRH', 'unpublished'],
    ['LHR', 'origin-locked'],
    ['IST', 'origin-locked'],
    ['BER', 'blocked'],
    ['XYZ', 'unknown'],
  ])('%s has no source: %s, and no address', (iata, reason) => {
    const route = routeFor(iata, settings(true));
    expect(route).toEqual({ kind: 'none', iata, reason });
    expect(boardAddress(route)).toBeNull();
  });
});
