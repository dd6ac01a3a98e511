import { beforeEach, describe, expect, it } from 'vitest';
import { PopupPage } from './pages/popup';
import { PushesPage } from './pages/pushes';
import { useE2eSession } from './support/session';
import { configureInstance } from './support/storage';

// The popup hands its history record to the service worker, over a port it opens when the push
// code loads (lib/history/relay.ts), and the popup may close the moment the link appears.
describe('the history of a push made in the popup', () => {
  const session = useE2eSession();
  beforeEach(async () => {
    await configureInstance(await session.extension.worker(), session.pwpush.url, session.pwpush.users[0]!.token);
  });

  it('keeps the push of a popup closed the moment its link appeared', async () => {
    const popup = await PopupPage.open(session.extension);
    await popup.secret().fill('closed at once');
    await popup.options().click();
    await popup.page.getByRole('textbox', { name: 'Name' }).fill('Closed at once');
    await popup.pushButton().click();
    const link = await popup.link();
    await popup.page.close();
    expect(link).toBe(session.pwpush.pushes()[0]!.html_url);

    const pushes = await PushesPage.open(session.extension);
    await pushes.waitForRows(1);
    expect(await pushes.names()).toEqual(['Closed at once']);
    await pushes.page.close();
  });

  it('keeps it when the service worker stopped while the popup was open (the port closed with it)', async () => {
    const popup = await PopupPage.open(session.extension);
    await popup.secret().fill('worker stopped');
    await popup.options().click();
    await popup.page.getByRole('textbox', { name: 'Name' }).fill('Worker stopped');
    // The push code has loaded and its port is open; then the worker stops, as an idle one does.
    await popup.page.waitForTimeout(300);
    const cdp = await popup.page.context().newCDPSession(popup.page);
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.stopAllWorkers');
    await popup.pushButton().click();
    const link = await popup.link();
    await popup.page.close();
    expect(link).toBe(session.pwpush.pushes()[0]!.html_url);

    const pushes = await PushesPage.open(session.extension);
    await expect.poll(() => pushes.names()).toContain('Worker stopped');
  });

  // The background makes the popup's pushes (lib/share/relay/push-in-background.ts), so closing the popup while the
  // instance is still answering loses neither the push nor its history entry.
  it('keeps the push of a popup closed while the instance was still answering, made once', async () => {
    session.pwpush.setFault({ type: 'slow', ms: 800, paths: '/pushes' });
    const popup = await PopupPage.open(session.extension);
    await popup.secret().fill('closed while out');
    await popup.options().click();
    await popup.page.getByRole('textbox', { name: 'Name' }).fill('Closed while out');
    // The push code and the port to the background are ready a moment after the first edit.
    await popup.page.waitForTimeout(300);
    await popup.pushButton().click();
    await expect.poll(() => session.pwpush.requests.filter((r) => r.method === 'POST' && r.path === '/api/v2/pushes').length).toBe(1);
    await popup.page.close();

    await expect.poll(() => session.pwpush.pushes().length, { timeout: 5000 }).toBe(1);
    const pushes = await PushesPage.open(session.extension);
    await expect.poll(() => pushes.names(), { timeout: 5000 }).toContain('Closed while out');
    expect(session.pwpush.pushes()).toHaveLength(1);
    await pushes.page.close();
  });
});
