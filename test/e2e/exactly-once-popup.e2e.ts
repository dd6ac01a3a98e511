import { describe, expect, it } from 'vitest';

/** The token of a secret link (the server's own list shows its links on its own origin, not the proxy's). */
const tokenOf = (link: string) => /\/p\/([a-z0-9_-]+)/.exec(link)![1];
import { PopupPage } from './pages/popup';
import { PushesPage } from './pages/pushes';
import { CREATE, useCuttingProxy } from './support/exactly-once';
import { useE2eSession } from './support/session';
import { configureInstance } from './support/storage';

// A text push from the popup (made by the background, lib/share/relay/push-in-background.ts) whose connection a proxy
// cuts: exactly one push stays, the link is never the wrong one, and the person is told (docs/exactly-once.md).
describe('a popup push whose connection is cut', () => {
  const session = useE2eSession();
  const cutting = useCuttingProxy(session);
  const alice = () => session.pwpush.users[0]!.token;

  async function openPopup(token = alice()) {
    await configureInstance(await session.extension.worker(), cutting.proxy.url, token);
    return PopupPage.open(session.extension);
  }

  /** A first push, which leaves kept-alive connections to the instance behind. */
  async function warmUp(popup: PopupPage) {
    await popup.pushText('warm up');
    await popup.link();
    await popup.pushAnother().click();
  }

  it('re-sent by Chromium on a kept-alive connection: two POSTs, one push stays live, and the popup says so', async () => {
    const popup = await openPopup();
    await warmUp(popup);
    cutting.proxy.cut({ at: 'answer-begins', match: CREATE });
    await popup.pushText('sent twice');

    const link = await popup.link();
    await popup.page.getByText('The network sent the push twice; Pushgate expired the extra copy.').waitFor();
    // The warm-up's POST, then this one twice: Chromium sent it again on a new connection.
    expect(cutting.posts()).toHaveLength(3);
    const [, first, second] = session.pwpush.pushes();
    expect([first!.expired, second!.expired].sort()).toEqual([false, true]);
    const kept = first!.expired ? second! : first!;
    expect(tokenOf(link)).toBe(kept.url_token);
    expect(cutting.live().map((push) => push.payload)).toEqual(['warm up', 'sent twice']);
  });

  it('dropped after the request went out: never "not pushed"; found, shown as found, and kept', async () => {
    const popup = await openPopup();
    // Cut twice: should Chromium send it again, that copy is cut as well.
    cutting.proxy.cut({ at: 'after-request', match: CREATE, times: 2 });
    await popup.pushText('dropped');

    const link = await popup.link();
    await popup.page.getByText(/No clear answer came, but Pushgate found the push on your instance/).waitFor();
    // Sent twice, both made and no answer: nothing says when the attempt began on the instance's clock, so
    // the other is not taken for a copy: left alone and said so (docs/exactly-once.md#twins).
    if (cutting.posts().length > 1) await popup.page.getByText(/another push with the same secret and settings/).waitFor();
    expect(cutting.live().map((push) => push.payload)).toEqual(cutting.posts().map(() => 'dropped'));
    expect(cutting.live().map((push) => push.url_token)).toContain(tokenOf(link));
    await popup.page.close();
    const pushes = await PushesPage.open(session.extension);
    await pushes.waitForRows(1);
    expect(await pushes.page.getByRole('region', { name: 'Pushes that may have been made' }).count()).toBe(0);
  });

  it('its answer cut mid-body: found, one push', async () => {
    const popup = await openPopup();
    await warmUp(popup);
    cutting.proxy.cut({ at: 'mid-body', match: CREATE, bodyBytes: 20 });
    await popup.pushText('cut short');
    const link = await popup.link();
    await popup.page.getByText(/found the push on your instance/).waitFor();
    expect(cutting.posts()).toHaveLength(2);
    expect(cutting.live().map((push) => push.url_token)).toContain(tokenOf(link));
    expect(cutting.live()).toHaveLength(2);
  });

  it('without a token: "may have been created" and how to check; the same push again is asked about once', async () => {
    const popup = await openPopup('');
    cutting.proxy.cut({ at: 'mid-body', match: CREATE, bodyBytes: 20 });
    await popup.pushText('no token');
    const note = popup.alert();
    await note.filter({ hasText: 'may have been saved all the same' }).waitFor();
    expect(await note.innerText()).toMatch(/Without an API token Pushgate cannot look for it/);
    expect(await note.innerText()).not.toMatch(/not pushed|could not be reached/i);
    expect(session.pwpush.pushes()).toHaveLength(1);

    await popup.pushButton().click();
    await popup.page.getByText(/The first try may have created a push/).waitFor();
    expect(cutting.posts()).toHaveLength(1);
    await popup.page.getByRole('button', { name: 'Push again' }).click();
    await popup.link();
    expect(cutting.posts()).toHaveLength(2);

    // The first try waits on the Pushes page for the person to check.
    const pushes = await PushesPage.open(session.extension);
    const tries = pushes.page.getByRole('region', { name: 'Pushes that may have been made' });
    await tries.getByText(/No answer said what became of it/).waitFor();
    expect(await tries.getByRole('listitem').count()).toBe(1);
  });
});
