import { describe, expect, it } from 'vitest';
import { forgetExpired, listHistory, markExpired, recordPush, updateFromServer } from '@/lib/history/entries';
import { beginAttempt, describeAttempt, listAttempts } from '@/lib/attempts/attempts';
import { applyHistorySettings, settleIfKept } from '@/lib/history/policy';
import { historySettings } from '@/lib/settings';
import { makePush } from '@/test/support/pwpush-fixtures';

const BASE = 'https://pwpush.example';
const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.parse('2026-09-30T12:00:00.000Z');
const details = { kind: 'text', passphraseProtected: false } as const;

async function entries() {
  const listed = await listHistory();
  if (!listed.ok) throw new Error('history unreadable');
  return listed.value;
}

describe('"Keep a history of pushes in this browser"', () => {
  it('on (the default): a push is recorded', async () => {
    await settleIfKept('a1', BASE, makePush({ urlToken: 'kept' }), details);
    expect((await entries()).map((entry) => entry.urlToken)).toEqual(['kept']);
  });

  it('off: nothing is recorded, and what was kept is forgotten before the history is shown', async () => {
    await recordPush(BASE, makePush({ urlToken: 'earlier' }), details);
    await historySettings.setValue({ keep: false, forgetExpiredAfterDays: 30 });
    await settleIfKept('a2', BASE, makePush({ urlToken: 'new' }), details);
    expect((await entries()).map((entry) => entry.urlToken)).toEqual(['earlier']);
    await applyHistorySettings();
    expect(await entries()).toEqual([]);
  });
});

describe('an attempt settled with the push it made', () => {
  const begin = (id: string) => beginAttempt(describeAttempt(id, BASE, { kind: 'text', payload: 's' }, 'oss', NOW));

  it('is recorded when a history is kept, and the attempt ends', async () => {
    await begin('a1');
    const settled = await settleIfKept('a1', BASE, makePush({ urlToken: 'made' }), details);
    expect(settled.ok && settled.value.settled).toBe('kept');
    expect((await entries()).map((entry) => entry.urlToken)).toEqual(['made']);
    expect(await listAttempts()).toEqual({ ok: true, value: [] });
  });

  it('is not recorded when none is kept, and the attempt still ends', async () => {
    await historySettings.setValue({ keep: false, forgetExpiredAfterDays: 30 });
    await begin('a1');
    const settled = await settleIfKept('a1', BASE, makePush({ urlToken: 'made' }), details);
    expect(settled.ok && settled.value.settled).toBe('not-kept');
    expect(await entries()).toEqual([]);
    expect(await listAttempts()).toEqual({ ok: true, value: [] });
  });
});

describe('expired pushes', () => {
  it('lose their link as soon as they are known to be expired', async () => {
    await recordPush(BASE, makePush({ urlToken: 'a' }), details);
    await recordPush(BASE, makePush({ urlToken: 'b' }), details);
    await recordPush(BASE, makePush({ urlToken: 'c', expired: true, expiredOn: '2026-09-29T10:00:00.000Z' }), details);
    await markExpired(BASE, 'a');
    await updateFromServer(BASE, makePush({ urlToken: 'b', expired: true }));
    const links = Object.fromEntries((await entries()).map((entry) => [entry.urlToken, entry.htmlUrl]));
    expect(links).toEqual({ a: '', b: '', c: '' });
  });

  it('are forgotten N days after they expired; live pushes and recent expiries stay', async () => {
    await recordPush(BASE, makePush({ urlToken: 'live' }), details);
    await recordPush(BASE, makePush({ urlToken: 'old', expired: true, expiredOn: new Date(NOW - 31 * DAY).toISOString() }), details);
    await recordPush(BASE, makePush({ urlToken: 'recent', expired: true, expiredOn: new Date(NOW - 5 * DAY).toISOString() }), details);
    expect(await forgetExpired(30, NOW)).toEqual({ ok: true, value: 1 });
    expect((await entries()).map((entry) => entry.urlToken).sort()).toEqual(['live', 'recent']);
  });

  it('the pushes page applies the chosen number of days', async () => {
    await historySettings.setValue({ keep: true, forgetExpiredAfterDays: 3 });
    await recordPush(BASE, makePush({ urlToken: 'recent', expired: true, expiredOn: new Date(NOW - 5 * DAY).toISOString() }), details);
    await applyHistorySettings(NOW);
    expect(await entries()).toEqual([]);
  });
});
