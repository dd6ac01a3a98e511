import { describe, expect, it } from 'vitest';
import { PopupPage } from './pages/popup';
import { useE2eSession } from './support/session';
import { configureInstance } from './support/storage';

// The popup opens a connection to the instance on the first sign of a push, and the background's
// request goes over it (components/popup/preconnect.ts, docs/performance.md rule 29).
describe('the connection to the instance, opened while the person fills in the push', () => {
  const session = useE2eSession();

  it('is not opened by opening the popup; typing opens it, and the push goes over it', async () => {
    const { pwpush } = session;
    await configureInstance(await session.extension.worker(), pwpush.url, pwpush.users[0]!.token);
    // A first opening caches the instance's capabilities (its one request), then that connection is closed.
    const first = await PopupPage.open(session.extension);
    await first.secret().waitFor();
    await expect.poll(() => pwpush.requests.some((request) => request.path === '/api/v2/version')).toBe(true);
    await first.page.close();
    await expect.poll(() => pwpush.requests.every((request) => request.status !== undefined)).toBe(true);
    pwpush.closeIdleConnections();
    const before = pwpush.connections.length;

    const popup = await PopupPage.open(session.extension);
    await popup.secret().waitFor();
    await popup.page.waitForTimeout(300);
    expect(pwpush.connections.length).toBe(before);

    await popup.secret().pressSequentially('typed slowly');
    await expect.poll(() => pwpush.connections.length).toBe(before + 1);
    const opened = pwpush.connections.at(-1)!;
    const clickedAt = Date.now();
    await popup.pushButton().click();
    await popup.link();

    const [create] = pwpush.requests.filter((request) => request.method === 'POST' && request.path === '/api/v2/pushes');
    expect(create!.connection).toBe(opened.id);
    expect(opened.at).toBeLessThan(clickedAt);
  });
});
