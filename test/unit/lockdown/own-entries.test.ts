import { describe, expect, it } from 'vitest';
import { markExpired, recordPush } from '@/lib/history/entries';
import { ownEntries } from '@/lib/lockdown/own-entries';
import { BASE_URL, makePush } from '@/test/support/pwpush-fixtures';

async function record(urlToken: string, withToken: boolean | undefined, at: number, baseUrl = BASE_URL) {
  const details =
    withToken === undefined
      ? { kind: 'text' as const, passphraseProtected: false }
      : { kind: 'text' as const, passphraseProtected: false, withToken };
  await recordPush(baseUrl, makePush({ urlToken, name: `n-${urlToken}` }), details, at);
}

describe("the lockdown's own pass: which of this browser's pushes it tries by their links", () => {
  it.each([
    ['lists read to their end: pushes made without a token, or before Pushgate kept how', { withToken: true }, ['anon', 'old']],
    [
      'a list failed: every open push, those made with the token too',
      { withToken: true, listFailure: { page: 2, reason: 'server' as const } },
      ['anon', 'old', 'mine'],
    ],
    ['no token: every open push', { withToken: false }, ['anon', 'old', 'mine']],
  ])('%s', async (_name, lockdown, expected) => {
    await record('mine', true, 30);
    await record('anon', false, 10);
    await record('old', undefined, 20);
    await record('listed', undefined, 40);
    await record('done', false, 50);
    await markExpired(BASE_URL, 'done');
    await record('elsewhere', false, 60, 'https://other.example');
    const entries = await ownEntries({ baseUrl: BASE_URL, ...lockdown }, new Set(['listed']));
    // Oldest first, the order the stored cursor counts in.
    expect(entries.map((entry) => entry.urlToken)).toEqual(expected);
    expect(entries.find((entry) => entry.urlToken === 'anon')).toMatchObject({
      name: 'n-anon',
      withToken: false,
      recordedAt: 10,
      deletableByViewer: true,
    });
  });
});
