import { describe, expect, it, vi } from 'vitest';
import type { HttpError } from '@/lib/http';
import type { Page, Push } from '@/lib/pwpush/types';
import { fail, ok } from '@/lib/result';
import {
  MAX_LIST_REQUESTS,
  refreshFromLists,
  type ListCursor,
  type ListFetcher,
  type RefreshOutcome,
  type WantedPush,
} from '@/lib/push-lists/state-refresh';
import { makePush } from '@/test/support/pwpush-fixtures';

const HOUR = 3_600_000;

/**
 * A list of `count` pushes served 50 a page, newest first, without pagination headers (2.11.4,
 * docs/password-pusher.md#lists). `failAt`: that page answers with the throttle's 429.
 */
function list(prefix: string, count: number, expired = false, failAt?: number) {
  const pushes = Array.from({ length: count }, (_, i) => makePush({ urlToken: `${prefix}${i}`, expired }));
  return vi.fn<ListFetcher>(async (page) => {
    if (page === failAt) return fail<HttpError>({ kind: 'rate-limited', retryAfterSeconds: 30 });
    return ok<Page<Push>>({ items: pushes.slice((page - 1) * 50, page * 50), page, perPage: 50 });
  });
}

/** The server of the issue: 2,000 active and 5,000 expired pushes (40 and 100 pages). */
function bigAccount(failAt?: { active?: number; expired?: number }) {
  return { active: list('a', 2_000, false, failAt?.active), expired: list('e', 5_000, true, failAt?.expired) };
}

/**
 * This browser's history as the Pushes page keeps it between openings: an expired push is no
 * longer looked for, a found one was listed then, a missed one is unlisted.
 */
class Browser {
  entries = new Map<string, { recordedAt: number; listedAt?: number; expired: boolean; unlisted: boolean }>();
  cursor: ListCursor | null = null;
  everFound = new Set<string>();

  constructor(tokens: string[], recordedAt = 0) {
    for (const token of tokens) this.entries.set(token, { recordedAt, expired: false, unlisted: false });
  }

  wanted(): WantedPush[] {
    return [...this.entries]
      .filter(([, entry]) => !entry.expired)
      .map(([urlToken, entry]) => ({ urlToken, recordedAt: entry.recordedAt, listedAt: entry.listedAt, unlisted: entry.unlisted }));
  }

  async open(lists: ReturnType<typeof bigAccount>, now: number): Promise<RefreshOutcome> {
    const outcome = await refreshFromLists({ wanted: this.wanted(), lists, cursor: this.cursor, now });
    for (const [token, push] of outcome.found) {
      const entry = this.entries.get(token)!;
      Object.assign(entry, { listedAt: now, expired: push.expired, unlisted: false });
      this.everFound.add(token);
    }
    for (const token of outcome.unlisted) this.entries.get(token)!.unlisted = true;
    this.cursor = outcome.cursor;
    return outcome;
  }
}

const requestsOf = (lists: ReturnType<typeof bigAccount>) => lists.active.mock.calls.length + lists.expired.mock.calls.length;

describe('refreshFromLists: the request budget', () => {
  it.each([
    ['1 local push, the newest', ['a0'], 1],
    ['50 local pushes, all on Active page 1', Array.from({ length: 50 }, (_, i) => `a${i}`), 1],
    [
      '1,000 local pushes spread over both lists',
      [...Array.from({ length: 300 }, (_, i) => `a${i * 6}`), ...Array.from({ length: 700 }, (_, i) => `e${i * 7}`)],
      MAX_LIST_REQUESTS,
    ],
    ['one push that no list holds', ['a0', 'gone'], MAX_LIST_REQUESTS],
  ])('%s: never more than the budget on an opening, and everything caught up across openings', async (_what, tokens, first) => {
    const lists = bigAccount();
    const browser = new Browser(tokens);
    const perOpening: number[] = [];
    const outcomes: RefreshOutcome[] = [];
    for (let opening = 0; opening < 25; opening += 1) {
      const before = requestsOf(lists);
      outcomes.push(await browser.open(lists, (opening + 1) * HOUR));
      perOpening.push(requestsOf(lists) - before);
    }
    expect(perOpening[0]).toBe(first);
    expect(Math.max(...perOpening)).toBeLessThanOrEqual(MAX_LIST_REQUESTS);
    // Every push a list holds was found at least once; the one none holds is said to be missing.
    expect([...browser.everFound].sort()).toEqual(tokens.filter((token) => token !== 'gone').sort());
    if (tokens.includes('gone')) {
      expect(browser.entries.get('gone')!.unlisted).toBe(true);
      expect(outcomes.some((outcome) => outcome.unlisted.includes('gone') && outcome.notReached.length === 0)).toBe(true);
      // Once known to be missing it is no longer searched for: Active page 1 is enough for the rest.
      expect(perOpening.at(-1)).toBe(1);
    }
  });

  it('asks nothing when nothing is wanted', async () => {
    const lists = bigAccount();
    const outcome = await new Browser([]).open(lists, HOUR);
    expect(outcome.requests).toBe(0);
    expect(requestsOf(lists)).toBe(0);
  });

  it('stops as soon as every wanted push is found', async () => {
    const lists = bigAccount();
    const outcome = await new Browser(['a0', 'a120']).open(lists, HOUR);
    expect(lists.active.mock.calls.map(([page]) => page)).toEqual([1, 2, 3]);
    expect(lists.expired).not.toHaveBeenCalled();
    expect(outcome.notReached).toEqual([]);
  });

  it('says which pushes it did not reach this time', async () => {
    const outcome = await new Browser(['a0', 'e3']).open(bigAccount(), HOUR);
    expect(outcome.requests).toBe(MAX_LIST_REQUESTS);
    expect(outcome.notReached).toEqual(['e3']);
  });

  it('goes on where the last opening stopped, reading its last page again', async () => {
    const lists = bigAccount();
    const browser = new Browser(['e3']);
    await browser.open(lists, HOUR);
    expect(lists.active.mock.calls.map(([page]) => page)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    lists.active.mockClear();
    await browser.open(lists, 2 * HOUR);
    expect(lists.active.mock.calls.map(([page]) => page)).toEqual([1, 10, 11, 12, 13, 14, 15, 16, 17, 18]);
  });

  it('does not call a push recorded during a round missing when the round ends', async () => {
    const lists = bigAccount();
    const browser = new Browser(['gone']);
    await browser.open(lists, HOUR);
    browser.entries.set('new', { recordedAt: 1.5 * HOUR, expired: false, unlisted: false });
    for (let opening = 2; opening < 25; opening += 1) await browser.open(lists, opening * HOUR);
    expect(browser.entries.get('gone')!.unlisted).toBe(true);
    expect(browser.entries.get('new')!.unlisted).toBe(false);
  });
});

describe('refreshFromLists: failures', () => {
  it('keeps what it found before a 429 midway, and the next opening asks that page again', async () => {
    const lists = bigAccount({ active: 5 });
    const browser = new Browser(['a10', 'a120', 'a1500']);
    const outcome = await browser.open(lists, HOUR);
    expect(outcome.failure).toEqual({ kind: 'rate-limited', retryAfterSeconds: 30 });
    expect([...outcome.found.keys()]).toEqual(['a10', 'a120']);
    expect(outcome.notReached).toEqual(['a1500']);
    expect(outcome.cursor).toMatchObject({ list: 'active', page: 5 });
    lists.active.mockClear();
    lists.active.mockImplementation(bigAccount().active);
    await browser.open(lists, 2 * HOUR);
    expect(lists.active.mock.calls.map(([page]) => page).slice(0, 3)).toEqual([1, 5, 6]);
  });

  it('gives back a failure on the first page and keeps its cursor', async () => {
    const lists = bigAccount({ active: 1 });
    const browser = new Browser(['a1']);
    browser.cursor = { list: 'expired', page: 7, roundStartedAt: 0 };
    const outcome = await browser.open(lists, HOUR);
    expect(outcome.failure?.kind).toBe('rate-limited');
    expect(outcome.requests).toBe(1);
    expect(outcome.cursor).toEqual({ list: 'expired', page: 7, roundStartedAt: 0 });
  });
});
