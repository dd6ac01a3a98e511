import { describe, expect, it } from 'vitest';
import { PopupPage } from './pages/popup';
import { ReceivePage } from './pages/receive';
import { expectNoSeriousA11yViolations } from './support/axe';
import { screenshot } from './support/screenshots';
import { useE2eSession } from './support/session';
import { configureInstance, dumpEverythingStored } from './support/storage';

describe("open a secret link (the recipient's side)", () => {
  const session = useE2eSession();

  /** Creates a push straight through the reference server's API, as a sender elsewhere would. */
  async function createPush(push: Record<string, unknown>, token?: string): Promise<{ url_token: string; html_url: string }> {
    const response = await fetch(`${session.pwpush.url}/api/v2/pushes`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ push }),
    });
    expect(response.status).toBe(201);
    return response.json();
  }

  const stored = (urlToken: string) => session.pwpush.pushes().find((push) => push.url_token === urlToken)!;
  const requestsFor = (urlToken: string) => session.pwpush.requests.filter((request) => request.path === `/api/v2/pushes/${urlToken}`);

  /** The extension set up by someone who has an API token of their own (alice's). */
  async function openReceive(): Promise<ReceivePage> {
    await configureInstance(await session.extension.worker(), session.pwpush.url, session.pwpush.users[0]!.token);
    return ReceivePage.open(session.extension);
  }

  it('opens a passphrase-protected push after a wrong and a right passphrase, as a recipient, storing nothing', async () => {
    const payload = '  db-password 7Qx!\n\tsecond line  ';
    const passphrase = 'purple monkey dishwasher';
    // Alice's own push: were her token sent, the server would log an owner view that counts nothing.
    const push = await createPush({ payload, passphrase, expire_after_views: 3 }, session.pwpush.users[0]!.token);
    const receive = await openReceive();
    await expectNoSeriousA11yViolations(receive.page, '"Open a secret link"');

    await receive.enterLink(push.html_url);
    await receive.warning().waitFor();
    await expectNoSeriousA11yViolations(receive.page, 'the warning that opening counts a view');
    expect(requestsFor(push.url_token)).toHaveLength(0);
    await receive.confirmButton().click();

    await receive.passphrase().waitFor();
    await receive.enterPassphrase('wrong guess');
    await expect.poll(() => receive.page.getByText('That passphrase is not right.').count()).toBe(1);
    await expectNoSeriousA11yViolations(receive.page, 'the passphrase step after a wrong passphrase');
    await receive.enterPassphrase(passphrase);

    await receive.payload().waitFor();
    expect(await receive.payload().inputValue()).toBe(payload);
    expect(await receive.passphrase().count()).toBe(0);
    await expect.poll(() => receive.page.getByText('Days left: 7 · Views left: 2').count()).toBe(1);
    await expectNoSeriousA11yViolations(receive.page, 'the retrieved secret');

    const gets = requestsFor(push.url_token);
    expect(gets.map((request) => [request.method, request.query.passphrase])).toEqual([
      ['GET', undefined],
      ['GET', 'wrong guess'],
      ['GET', passphrase],
    ]);
    expect(gets.every((request) => request.authorization === null)).toBe(true);
    expect(stored(push.url_token).audit.map((entry) => entry.kind)).toEqual(['creation', 'failed_passphrase', 'failed_passphrase', 'view']);

    await receive.page.bringToFront();
    await receive.copyButton().click();
    await expect.poll(() => receive.page.evaluate(() => navigator.clipboard.readText())).toBe(payload);
    await screenshot(receive.page, 'receive');

    const everything = await dumpEverythingStored(receive.page);
    expect(everything).not.toContain('db-password');
    expect(everything).not.toContain('dishwasher');
  });

  it('opens a passphrase-protected push with the passphrase given up front: one request, no failed attempt in the audit', async () => {
    const passphrase = 'given apart';
    const push = await createPush({ payload: 'opened at once', passphrase, expire_after_views: 3 });
    const receive = await openReceive();

    // One line tall like the link field: "Show passphrase" beside it does not wrap.
    expect((await receive.passphraseFirst().boundingBox())!.height).toBe((await receive.link().boundingBox())!.height);
    await receive.openLink(push.html_url, passphrase);
    await receive.payload().waitFor();
    expect(await receive.payload().inputValue()).toBe('opened at once');
    expect(requestsFor(push.url_token).map((request) => [request.method, request.query.passphrase])).toEqual([['GET', passphrase]]);
    expect(stored(push.url_token).audit.map((entry) => entry.kind)).toEqual(['creation', 'view']);
    // The sender's audit names who opened it, as a real instance logs it (docs/password-pusher.md#audit-log).
    expect(stored(push.url_token).audit[1]).toMatchObject({ ip: '127.0.0.1', user_agent: expect.stringMatching(/Chrom/) });
    expect(await dumpEverythingStored(receive.page)).not.toContain(passphrase);
  });

  it('draws a QR push as its QR code: at once when this browser made it, on request when made elsewhere', async () => {
    const wifi = 'WIFI:T:WPA;S:office;P:correct horse;;';
    await configureInstance(await session.extension.worker(), session.pwpush.url, session.pwpush.users[0]!.token);
    const popup = await PopupPage.open(session.extension);
    await popup.page.getByRole('radio', { name: 'QR code' }).check();
    await popup.pushText(wifi);
    const link = await popup.link();
    await popup.page.close();

    let receive = await ReceivePage.open(session.extension);
    await receive.openLink(link);
    await receive.qrCode().waitFor();
    expect(await receive.payload().inputValue()).toBe(wifi);
    expect(await receive.qrCode().locator('path').getAttribute('d')).toMatch(/^M\d/);
    await expectNoSeriousA11yViolations(receive.page, 'a QR push drawn as its QR code');
    await screenshot(receive.page, 'receive-qr');
    await receive.page.close();

    const elsewhere = await createPush({ payload: wifi, kind: 'qr' });
    receive = await ReceivePage.open(session.extension);
    await receive.openLink(elsewhere.html_url);
    await receive.payload().waitFor();
    expect(await receive.qrCode().count()).toBe(0);
    await receive.showQr().click();
    await receive.qrCode().waitFor();
    expect(await dumpEverythingStored(receive.page)).not.toContain('correct horse');
  });

  it("explains a 429 by its cause: the passphrase limit of the push, or the instance's general throttle, each with a countdown", async () => {
    const push = await createPush({ payload: 'slow down', passphrase: 'right', expire_after_views: 10 });
    const receive = await openReceive();
    await receive.openLink(push.html_url, 'wrong 1');
    await receive.page.getByText('That passphrase is not right.').waitFor();
    // Five passphrase-bearing requests a minute per push, then the sixth is refused.
    for (const [i, guess] of ['wrong 2', 'wrong 3', 'wrong 4', 'wrong 5', 'right'].entries()) {
      await receive.enterPassphrase(guess);
      await expect.poll(() => requestsFor(push.url_token).length).toBe(i + 2);
    }
    await expect
      .poll(() => receive.page.locator('.failure-message').innerText())
      .toMatch(
        /^Too many passphrase tries for this push: 127\.0\.0\.1:\d+ takes 5 a minute, right ones included\. Try again in about a minute\.$/,
      );
    await receive.page.getByText(/^You can try again in \d+ s\.$/).waitFor();
    expect(requestsFor(push.url_token).at(-1)!.query.passphrase).toBe('right');
    await expectNoSeriousA11yViolations(receive.page, 'the passphrase limit explained');
    await receive.page.close();

    const other = await createPush({ payload: 'throttled' });
    session.pwpush.setFault({ type: 'rate-limit', retryAfter: 30, paths: `/api/v2/pushes/${other.url_token}`, times: 1 });
    const again = await openReceive();
    await again.openLink(other.html_url);
    await expect
      .poll(() => again.alert().innerText())
      .toMatch(/^127\.0\.0\.1:\d+ is getting too many requests from your network address: try again in 30 s\.$/);
    await again.page.getByText(/^You can try again in (30|29|28) s\.$/).waitFor();
  });

  it('shows the expired state for a push whose last view is used up', async () => {
    const push = await createPush({ payload: 'one view only', expire_after_views: 1 });
    const first = await fetch(`${session.pwpush.url}/api/v2/pushes/${push.url_token}`);
    expect((await first.json()).payload).toBe('one view only');
    const receive = await openReceive();

    await receive.openLink(push.html_url);
    await receive.page.getByText('This push has expired or was deleted; its content is gone.').waitFor();
    expect(await receive.payload().count()).toBe(0);
    expect(await receive.expireNow().count()).toBe(0);
    await expectNoSeriousA11yViolations(receive.page, 'an expired push');
  });

  it('expires a push deletable by viewers, without a token', async () => {
    const push = await createPush({ payload: 'read then burn', deletable_by_viewer: true, expire_after_views: 5 });
    const receive = await openReceive();

    await receive.openLink(push.url_token);
    expect(await receive.payload().inputValue()).toBe('read then burn');
    await receive.expireNow().click();
    // Asked first: Cancel sends nothing.
    await expect.poll(() => receive.expireDialog().innerText()).toContain('This ends the push for everyone');
    await expectNoSeriousA11yViolations(receive.page, 'the recipient asked before expiring');
    await receive.expireDialog().getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => receive.expireDialog().count()).toBe(0);
    expect(requestsFor(push.url_token).filter((request) => request.method === 'DELETE')).toHaveLength(0);
    await receive.expireNow().click();
    await receive.expireDialog().getByRole('button', { name: 'Expire', exact: true }).click();
    await receive.page.getByText(/Expired: the link no longer opens/).waitFor();
    await expectNoSeriousA11yViolations(receive.page, 'a push the viewer just expired');

    expect(stored(push.url_token)).toMatchObject({ expired: true, deleted: true, payload: null });
    const deletes = requestsFor(push.url_token).filter((request) => request.method === 'DELETE');
    expect(deletes).toHaveLength(1);
    expect(deletes[0]!.authorization).toBeNull();
    expect(await dumpEverythingStored(receive.page)).not.toContain('read then burn');
  });

  it('refuses a link of another instance without sending anything, and says when a push does not exist', async () => {
    const receive = await openReceive();
    await receive.enterLink('https://pwpush.example.evil.test/p/k3xq9w0lz2mfa/r');
    await expect.poll(() => receive.alert().innerText()).toContain('https://pwpush.example.evil.test');
    expect(await receive.confirmButton().count()).toBe(0);
    await expectNoSeriousA11yViolations(receive.page, 'a link of another instance refused');

    await receive.openLink(`${session.pwpush.url}/p/doesnotexist1`);
    await expect.poll(() => receive.alert().innerText()).toMatch(/No push with that link exists on 127\.0\.0\.1:\d+/);
    await expectNoSeriousA11yViolations(receive.page, 'a link to no push');
    const pushRequests = session.pwpush.requests.filter((request) => request.path.startsWith('/api/v2/pushes'));
    expect(pushRequests.map((request) => request.path)).toEqual(['/api/v2/pushes/doesnotexist1']);
  });
});
