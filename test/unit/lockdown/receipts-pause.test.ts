import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { startState } from '@/lib/lockdown/state';
import { lockdownState } from '@/lib/lockdown/store';
import { pollReceipts, RECEIPTS_ALARM } from '@/lib/receipts/background';
import { readState } from '@/lib/receipts/state';
import { BASE_URL, configure, makePush, seedHistory } from '@/test/components/pushes/fixtures';
import { pushRecord } from '@/test/support/pwpush-fixtures';

/**
 * What the instance says once the person's own lockdown has expired their push: gone from Active,
 * on Expired with `deleted` (an expire event, which names no one: docs/password-pusher.md#audit-log).
 */
function instanceAfterTheLockdownsDelete(onRequest: () => Promise<void> = async () => undefined) {
  const asked: string[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(String(input));
    asked.push(url.pathname);
    await onRequest();
    const list = url.pathname.endsWith('/expired')
      ? [pushRecord({ url_token: 'wifi1', expired: true, deleted: true, passphrase: null })]
      : [];
    return new Response(JSON.stringify(list), { headers: { 'Content-Type': 'application/json' } });
  });
  return asked;
}

const running = () => startState({ baseUrl: BASE_URL, withToken: true, keepTokenForSession: false, now: Date.now() });

beforeEach(async () => {
  await configure();
  await seedHistory([makePush({ urlToken: 'wifi1', name: 'Wifi at the cabin' })]);
});

describe('receipts pause while a lockdown runs', () => {
  it('a poll due during a lockdown asks nothing and says nothing, and comes back a minute later', async () => {
    const asked = instanceAfterTheLockdownsDelete();
    await lockdownState.setValue({ ...running(), phase: 'expiring' });
    const before = Date.now();
    await pollReceipts();
    expect(asked).toEqual([]);
    expect((await readState()).receipts).toEqual([]);
    expect(Object.keys(fakeBrowser.notifications.getAllCreateOptions())).toEqual([]);
    expect((await fakeBrowser.alarms.get(RECEIPTS_ALARM))?.scheduledTime).toBeGreaterThanOrEqual(before + 60_000);
  });

  it('a poll that was asking when the lockdown began keeps nothing of what it saw: no "expired by its recipient"', async () => {
    const asked = instanceAfterTheLockdownsDelete(async () => {
      if (!(await lockdownState.getValue())) await lockdownState.setValue(running());
    });
    await pollReceipts();
    expect(asked.length).toBeGreaterThan(0);
    expect((await readState()).receipts).toEqual([]);
    expect(Object.keys(fakeBrowser.notifications.getAllCreateOptions())).toEqual([]);
  });

  it('without a lockdown the same answers are the receipt it would have been (what the pause prevents)', async () => {
    instanceAfterTheLockdownsDelete();
    await pollReceipts();
    expect((await readState()).receipts).toMatchObject([{ event: 'deleted' }]);
  });
});
