import { describe, expect, it } from 'vitest';
import { describeState, pushState, type StateFacts } from '@/lib/history/push-state';

const CREATED = Date.parse('2026-08-21T10:00:00.000Z');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** A push made with 7 days and 5 views, told by the server when pushed. */
const base: StateFacts = {
  createdAt: new Date(CREATED).toISOString(),
  expireAfterDays: 7,
  expireAfterViews: 5,
  expired: false,
  daysRemaining: 7,
  viewsRemaining: 5,
  checkedAt: CREATED,
  checkedVia: 'created',
};
const at = (facts: Partial<StateFacts>) => ({ ...base, ...facts });

describe('pushState', () => {
  it.each([
    // [what, facts, token, now, kind, how, learned at]
    ['without a token a push never reads as active', base, false, CREATED + HOUR, 'not-checked', 'none', undefined],
    [
      'without a token, opened in this browser',
      at({ openedHereAt: CREATED + HOUR }),
      false,
      CREATED + 2 * HOUR,
      'opened-here',
      'opened-here',
      CREATED + HOUR,
    ],
    ['without a token, its days ran out', base, false, CREATED + 7 * DAY, 'expired', 'days-passed', CREATED + 7 * DAY],
    [
      'days passed win over "opened here"',
      at({ openedHereAt: CREATED + HOUR }),
      false,
      CREATED + 8 * DAY,
      'expired',
      'days-passed',
      CREATED + 7 * DAY,
    ],
    [
      'expired from this browser: known with or without a token',
      at({ expired: true, checkedVia: 'expired-here', checkedAt: CREATED + HOUR }),
      false,
      CREATED + 2 * HOUR,
      'expired',
      'expired-here',
      CREATED + HOUR,
    ],
    [
      'with a token, the server lists say not opened',
      at({ checkedVia: 'lists', checkedAt: CREATED + HOUR }),
      true,
      CREATED + 2 * HOUR,
      'not-opened',
      'lists',
      CREATED + HOUR,
    ],
    [
      'with a token, fewer views left means opened',
      at({ viewsRemaining: 3, checkedVia: 'lists', checkedAt: CREATED + HOUR }),
      true,
      CREATED + 2 * HOUR,
      'opened',
      'lists',
      CREATED + HOUR,
    ],
    [
      'with a token, no views left: opened and used up (still in the active list, docs/password-pusher.md#lists)',
      at({ viewsRemaining: 0, checkedVia: 'lists', checkedAt: CREATED + HOUR }),
      true,
      CREATED + 2 * HOUR,
      'views-used',
      'lists',
      CREATED + HOUR,
    ],
    [
      'with a token, the server expired it',
      at({ expired: true, checkedVia: 'lists', checkedAt: CREATED + HOUR }),
      true,
      CREATED + 2 * HOUR,
      'expired',
      'lists',
      CREATED + HOUR,
    ],
    ['with a token, only the answer when pushed is known: said as such', base, true, CREATED + HOUR, 'not-opened', 'created', CREATED],
    [
      'with a token, an old check and days run out since',
      at({ checkedVia: 'lists' }),
      true,
      CREATED + 9 * DAY,
      'expired',
      'days-passed',
      CREATED + 7 * DAY,
    ],
    [
      'a server answer after the end of the days stands',
      at({ daysRemaining: 0, checkedVia: 'lists', checkedAt: CREATED + 8 * DAY }),
      true,
      CREATED + 9 * DAY,
      'expired',
      'lists',
      CREATED + 8 * DAY,
    ],
    [
      'opened here after the last server check',
      at({ checkedVia: 'lists', checkedAt: CREATED + HOUR, openedHereAt: CREATED + 2 * HOUR }),
      true,
      CREATED + 3 * HOUR,
      'opened-here',
      'opened-here',
      CREATED + 2 * HOUR,
    ],
    [
      'no server word at all and a token: not checked',
      at({ checkedAt: undefined, checkedVia: undefined }),
      true,
      CREATED + HOUR,
      'not-checked',
      'none',
      undefined,
    ],
  ] as const)('%s', (_what, facts, token, now, kind, how, learnedAt) => {
    const state = pushState(facts, token, now);
    expect(state.kind).toBe(kind);
    expect(state.how).toBe(how);
    expect(state.at).toBe(learnedAt);
  });

  it('tells what is left only from a server answer about an open push', () => {
    expect(pushState(at({ viewsRemaining: 2, daysRemaining: 5, checkedVia: 'lists' }), true, CREATED + HOUR)).toMatchObject({
      daysRemaining: 5,
      viewsRemaining: 2,
    });
    expect(pushState(at({ viewsRemaining: 2 }), false, CREATED + HOUR).viewsRemaining).toBeUndefined();
  });
});

describe('describeState', () => {
  it('words a state with what is left and when and how it was learned', () => {
    const words = describeState(
      pushState(at({ viewsRemaining: 3, checkedVia: 'lists', checkedAt: CREATED + HOUR }), true, CREATED + 2 * HOUR),
    );
    expect(words.label).toBe('Opened');
    expect(words.left).toBe('Days left: 7 · Views left: 3');
    expect(words.learned).toMatch(/^Checked with the server, .*2026/);
  });

  it('says what is missing for a push it could not check', () => {
    expect(describeState(pushState(base, false, CREATED + HOUR))).toEqual({
      label: 'Not checked (needs an API token)',
      left: '',
      learned: '',
    });
  });
});

describe('pushState on the Pushes page, whose states are checked with the lists', () => {
  const here = { otherInstance: false };
  it.each([
    ['only the answer when pushed: not checked this time, never the push-time state', base, true, here, 'not-reached'],
    ['pushed without a token: no list holds it', at({ withToken: false }), true, here, 'pushed-without-token'],
    ['missed by a round of the lists', at({ unlistedAt: CREATED + HOUR }), true, here, 'not-in-lists'],
    [
      'missed by a round after an older listing',
      at({ checkedVia: 'lists', checkedAt: CREATED + HOUR, unlistedAt: CREATED + 2 * HOUR }),
      true,
      here,
      'not-in-lists',
    ],
    ['on another instance', at({ checkedVia: 'lists' }), false, { otherInstance: true }, 'other-instance'],
    ['no token', base, false, here, 'no-token'],
  ] as const)('%s', (_what, facts, token, lists, why) => {
    expect(pushState(facts, token, CREATED + 3 * HOUR, lists)).toEqual({ kind: 'not-checked', how: 'none', why });
  });

  it('shows what the lists said when they said it after the push', () => {
    const state = pushState(at({ checkedVia: 'lists', checkedAt: CREATED + HOUR }), true, CREATED + 2 * HOUR, here);
    expect(state).toMatchObject({ kind: 'not-opened', how: 'lists' });
  });

  it('says why in words', () => {
    expect(describeState(pushState(base, true, CREATED + HOUR, here))).toEqual({
      label: 'Not checked this time',
      left: '',
      learned: 'A later opening of this page checks it',
    });
    expect(describeState(pushState(at({ withToken: false }), true, CREATED + HOUR, here)).learned).toBe(
      "Pushed without an API token: the account's lists do not hold it",
    );
  });
});

describe('a push whose last view this browser used', () => {
  it('is expired, learned by opening it here', () => {
    const facts = at({
      expired: true,
      viewsRemaining: 0,
      checkedVia: 'opened-here',
      checkedAt: CREATED + HOUR,
      openedHereAt: CREATED + HOUR,
    });
    for (const lists of [undefined, { otherInstance: false }]) {
      expect(pushState(facts, true, CREATED + 2 * HOUR, lists)).toEqual({ kind: 'expired', how: 'opened-here', at: CREATED + HOUR });
    }
    expect(describeState(pushState(facts, false, CREATED + 2 * HOUR)).learned).toMatch(/^Opened in this browser /);
  });
});
