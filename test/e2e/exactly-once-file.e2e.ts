import { describe, expect, it } from 'vitest';
import { PopupPage } from './pages/popup';
import { CREATE, useCuttingProxy } from './support/exactly-once';
import { useE2eSession } from './support/session';
import { configureInstance } from './support/storage';

/** The token of a secret link. */
const tokenOf = (link: string) => /\/p\/([a-z0-9_-]+)/.exec(link)![1];

// A file push, which the background sends for the popup (lib/share/relay/push-in-background.ts), whose connection a
// proxy cuts: exactly one push stays, the link is its own, and the person is told (docs/exactly-once.md).
describe('a popup file push whose connection is cut', () => {
  const session = useE2eSession();
  const cutting = useCuttingProxy(session);

  async function pushFile(popup: PopupPage, name: string) {
    await popup.page.getByRole('radio', { name: 'File' }).click();
    await popup.page.getByLabel('Files').setInputFiles({ name, mimeType: 'text/plain', buffer: Buffer.from(`the file ${name}`) });
    await popup.pushButton().click();
  }

  async function openPopup() {
    await configureInstance(await session.extension.worker(), cutting.proxy.url, session.pwpush.users[0]!.token);
    return PopupPage.open(session.extension);
  }

  it('dropped after the request went out: found, shown as found, and one push stays live', async () => {
    const popup = await openPopup();
    // Cut twice: Chromium sends it again when the socket was one the instance check left open.
    cutting.proxy.cut({ at: 'after-request', match: CREATE, times: 2 });
    await pushFile(popup, 'dropped.txt');
    const link = await popup.link();
    await popup.page.getByText(/No clear answer came, but Pushgate found the push on your instance/).waitFor();
    // Sent twice, both copies made and no answer: nothing says when the attempt began on the instance's
    // clock, so the other is not taken for a copy and is left alone, said so (docs/exactly-once.md#twins).
    if (cutting.posts().length > 1) await popup.page.getByText(/another push with the same secret and settings/).waitFor();
    await expect
      .poll(() => cutting.live().map((push) => push.files.map((file) => file.filename)))
      .toEqual(cutting.posts().map(() => ['dropped.txt']));
    expect(cutting.live().map((push) => push.url_token)).toContain(tokenOf(link));
  });

  it('re-sent by Chromium on a kept-alive connection: one push stays live, and the popup says so', async () => {
    const popup = await openPopup();
    await pushFile(popup, 'warm-up.txt');
    await popup.link();
    await popup.pushAnother().click();
    cutting.proxy.cut({ at: 'answer-begins', match: CREATE });
    await pushFile(popup, 'twice.txt');
    const link = await popup.link();
    await popup.page.getByText(/The network sent the push (twice|more than once); Pushgate expired the/).waitFor();
    // The warm-up's POST, then this one twice: Chromium sent it again on a new connection.
    expect(cutting.posts()).toHaveLength(3);
    // An expired push has lost its files (docs/password-pusher.md#retention): the copies are the pushes after the warm-up.
    const [, ...copies] = session.pwpush.pushes();
    expect(copies.map((push) => push.expired).sort()).toEqual([false, true]);
    expect(cutting.live().map((push) => [push.files.map((file) => file.filename), push.url_token])).toEqual([
      [['warm-up.txt'], cutting.live()[0]!.url_token],
      [['twice.txt'], tokenOf(link)],
    ]);
  });
});
