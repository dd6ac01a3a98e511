import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from '@wxt-dev/browser';
import { serveFixtureSite } from './support/fixture-site';
import { CREATE, useCuttingProxy } from './support/exactly-once';
import { useE2eSession } from './support/session';
import { configureInstance } from './support/storage';

/** The background's handlers a test build exposes on the worker's global scope (entrypoints/background.ts). */
type TestHooks = { pushgate: { handleMenuClick(info: unknown, tab: Browser.tabs.Tab): Promise<void> } };
type Notice = { title: string; message: string };

const tokenOf = (link: string) => /\/p\/([a-z0-9_-]+)/.exec(link)![1];

// A right-click push (made by the background, lib/share/menus.ts) whose connection a proxy cuts:
// one push stays, the link copied is its own, and the notification never says "not pushed".
describe('a menu push whose connection is cut', () => {
  const session = useE2eSession();
  const cutting = useCuttingProxy(session);
  let site: Awaited<ReturnType<typeof serveFixtureSite>>;
  beforeAll(async () => {
    site = await serveFixtureSite({ '/': '<!doctype html><title>Fixture</title><p>A page</p>' });
  });
  afterAll(() => site.close());

  /** Pushes the page's URL from the menu, and returns the notifications it showed. */
  async function pushPage(token = session.pwpush.users[0]!.token): Promise<Notice[]> {
    const worker = await session.extension.worker();
    await configureInstance(worker, cutting.proxy.url, token);
    const page = await session.extension.context.newPage();
    const url = `${site.url}/?test=${crypto.randomUUID()}`;
    await page.goto(url);
    return worker.evaluate(async (url) => {
      // What the notifications said: Chrome lets nobody read them back.
      const notices: Notice[] = [];
      const notifications = chrome.notifications;
      const create = notifications.create.bind(notifications);
      notifications.create = ((id: string, options: Notice) => {
        notices.push({ title: options.title, message: options.message });
        return create(id, options as never);
      }) as never;
      try {
        const tab = (await chrome.tabs.query({ url }))[0]!;
        await (globalThis as unknown as TestHooks).pushgate.handleMenuClick({ menuItemId: 'push-page', frameId: 0, pageUrl: url }, tab);
      } finally {
        notifications.create = create as never;
      }
      return notices;
    }, url);
  }
  const clipboard = async () => {
    const reader = await session.extension.open('options.html');
    await reader.bringToFront();
    const text = await reader.evaluate(() => navigator.clipboard.readText());
    await reader.close();
    return text;
  };

  it('on a fresh connection, dropped after the request: found, copied, and said so; never "not pushed"', async () => {
    cutting.proxy.cut({ at: 'after-request', match: CREATE, times: 2 });
    const notices = await pushPage();
    // Sent twice, both made and no answer: the other is not taken for a copy, left alone and said so
    // (docs/exactly-once.md#twins).
    const twice = cutting.posts().length > 1;
    expect(notices).toEqual([
      {
        title: "Page's address pushed, secret link copied",
        message: expect.stringMatching(
          twice
            ? /Pushgate found the push on your instance.*another push with the same secret and settings/
            : /Pushgate found the push on your instance/,
        ),
      },
    ]);
    expect(cutting.live()).toHaveLength(cutting.posts().length);
    expect(cutting.live().map((push) => push.url_token)).toContain(tokenOf(await clipboard()));
  });

  it('re-sent by Chromium on a kept-alive connection: one push stays live, its link copied, and the notification says so', async () => {
    await pushPage();
    cutting.proxy.cut({ at: 'answer-begins', match: CREATE });
    const notices = await pushPage();
    expect(cutting.posts()).toHaveLength(3);
    expect(notices).toEqual([
      {
        title: "Page's address pushed, secret link copied",
        message: expect.stringMatching(/sent the push twice; Pushgate expired the extra copy/),
      },
    ]);
    const [, first, second] = session.pwpush.pushes();
    const kept = first!.expired ? second! : first!;
    expect([first!.expired, second!.expired].sort()).toEqual([false, true]);
    expect(tokenOf(await clipboard())).toBe(kept.url_token);
  });

  it('without a token, its answer cut: "may have been pushed", how to check, nothing copied', async () => {
    cutting.proxy.cut({ at: 'mid-body', match: CREATE, bodyBytes: 20 });
    const notices = await pushPage('');
    expect(notices).toEqual([
      { title: "Page's address may have been pushed", message: expect.stringMatching(/Without an API token Pushgate cannot look/) },
    ]);
    expect(session.pwpush.pushes()).toHaveLength(1);
  });
});
