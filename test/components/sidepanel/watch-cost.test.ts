import { describe, expect, it } from 'vitest';
import { watchCost, type CostInput } from '@/components/sidepanel/watch-cost';
import { WATCH_QUOTA_CEILING } from '@/lib/watches/plan';

const MIN = 60_000;
const NOW = Date.parse('2026-09-29T05:00:00Z');
const base: CostInput = {
  source: 'cph',
  now: NOW,
  endsAt: NOW + 6 * 60 * MIN,
  timeZone: 'Europe/Copenhagen',
  boardFresh: true,
  coveredUntil: null,
  apiCalls: 0,
  locale: 'en-GB',
};

describe('what a watch costs, said before it is set', () => {
  it.each<[name: string, input: Partial<CostInput>, lines: string[], blocked: boolean]>([
    [
      'a website: one request every five minutes for six hours after the board on screen',
      {},
      [expect.stringMatching(/^Checked every 5 minutes until 13:00.*: at most 71 requests to Copenhagen Airport's website\.$/) as never],
      false,
    ],
    [
      'an old board on screen: the first check asks too',
      { boardFresh: false },
      [expect.stringMatching(/: at most 72 requests to /) as never],
      false,
    ],
    [
      'one more request only',
      { endsAt: NOW + 7 * MIN },
      [expect.stringMatching(/: at most 1 request to Copenhagen Airport's website\.$/) as never],
      false,
    ],
    [
      'an airport another watch already checks for longer: nothing more',
      { coveredUntil: NOW + 7 * 60 * MIN },
      [
        expect.stringMatching(
          /^Checked until .+ with the requests your other watches here already make: none more to Copenhagen Airport's website\.$/,
        ) as never,
      ],
      false,
    ],
    [
      'Swedavia’s API: what is used of the quota, and where watches stop',
      { source: 'swedavia-api', apiCalls: 1234 },
      [
        expect.stringMatching(/: at most 71 requests to Swedavia's API\.$/) as never,
        'Swedavia’s quota: 1,234 of 10,000 requests used this month. Watches stop at 9,500, leaving the rest to you.',
      ],
      false,
    ],
    [
      'Swedavia’s API near the watches’ share: how long it would last',
      { source: 'swedavia-api', apiCalls: WATCH_QUOTA_CEILING - 24 },
      [
        expect.stringMatching(/: at most 71 requests/) as never,
        expect.stringMatching(/^Swedavia’s quota: 9,476 of 10,000/) as never,
        'Only 24 requests are left for watches this month: this one would stop after about 2 h 0 min.',
      ],
      false,
    ],
    [
      'Swedavia’s API with the share spent: none can be set',
      { source: 'swedavia-api', apiCalls: WATCH_QUOTA_CEILING },
      ['Watches have used their share of Swedavia’s quota this month (9,500 requests): none can be set before next month.'],
      true,
    ],
  ])('%s', (_name, input, lines, blocked) => {
    expect(watchCost({ ...base, ...input })).toEqual({ lines, blocked });
  });
});
