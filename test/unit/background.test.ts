import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import background from '@/entrypoints/background';
import { clearCopiedLinkFromBackground, copyFromBackground } from '@/lib/browser/clipboard/background-copy';
import { handleCommand, handleMenuClick, MENU_IDS } from '@/lib/share/menus';
import { pollReceipts } from '@/lib/receipts/background';
import { mirrorManagedPolicy } from '@/lib/settings/policy-mirror';
import { whatsNew } from '@/lib/settings/whats-new';
import type { HttpError } from '@/lib/http';
import type { Push } from '@/lib/pwpush/types';
import { fail, ok } from '@/lib/result';
import { instanceUrl, platformOs } from '@/lib/settings';
import { sharePush } from '@/lib/share/share-push';
import { beginAttempt, describeAttempt, listAttempts } from '@/lib/attempts/attempts';
import { URL_TOKEN, makePush } from '@/test/support/pwpush-fixtures';

vi.mock('@/lib/share/share-push', async (importActual) => ({
  ...(await importActual<typeof import('@/lib/share/share-push')>()),
  sharePush: vi.fn(),
}));
vi.mock('@/lib/browser/clipboard/background-copy', () => ({
  copyFromBackground: vi.fn(),
  clearCopiedLinkFromBackground: vi.fn(),
  answerClipboardMessages: vi.fn(),
  listenForKeepAlive: vi.fn(),
}));

const BASE_URL = 'https://pwpush.example';
/** The push made for the menu and the command; its 3 days and 1 view are announced. */
const push: Push = makePush({ urlToken: URL_TOKEN, expireAfterDays: 3, expireAfterViews: 1, daysRemaining: 3, viewsRemaining: 1 });
const SECRET = '  first line\nsecond line\n';
const tab = { id: 9, url: 'https://app.example/page', index: 0, pinned: false } as Browser.tabs.Tab;
const menuInfo = (menuItemId: string, extra: Partial<Browser.contextMenus.OnClickData> = {}) =>
  ({ menuItemId, editable: false, pageUrl: tab.url, frameId: 0, ...extra }) as Browser.contextMenus.OnClickData;

const share = vi.mocked(sharePush);
const copy = vi.mocked(copyFromBackground);
const clearLink = vi.mocked(clearCopiedLinkFromBackground);
const executeScript = vi.fn();
const frames = (text: string) => [{ frameId: 0, documentId: 'd', result: { text, focused: true } }];

function shownNotifications() {
  return Object.entries(fakeBrowser.notifications.getAllCreateOptions()).map(([id, options]) => ({ id, ...options }));
}
function onlyNotification() {
  const shown = shownNotifications();
  expect(shown).toHaveLength(1);
  return shown[0]!;
}

beforeEach(() => {
  // As sharePush does after a push the answer named: copies looked for (none here).
  share.mockReset().mockImplementation(async (_request, deps) => {
    deps?.onCopiesChecked?.(0);
    return ok({ push, baseUrl: BASE_URL });
  });
  copy.mockReset().mockResolvedValue(true);
  clearLink.mockReset().mockResolvedValue(true);
  executeScript.mockReset().mockResolvedValue(frames(SECRET));
  (fakeBrowser as unknown as { scripting: object }).scripting = { executeScript };
});

describe('background main()', () => {
  function stubMenusAndCommands() {
    return {
      create: vi.spyOn(fakeBrowser.contextMenus, 'create').mockImplementation(() => 'id'),
      removeAll: vi.spyOn(fakeBrowser.contextMenus, 'removeAll').mockResolvedValue(undefined),
      onMenuClick: vi.spyOn(fakeBrowser.contextMenus.onClicked, 'addListener').mockImplementation(() => {}),
      onCommand: vi.spyOn(fakeBrowser.commands.onCommand, 'addListener').mockImplementation(() => {}),
      openOptions: vi.spyOn(fakeBrowser.runtime, 'openOptionsPage').mockResolvedValue(undefined),
      openTab: vi.spyOn(fakeBrowser.tabs, 'create').mockResolvedValue(undefined as never),
      manifest: vi.spyOn(fakeBrowser.runtime, 'getManifest').mockReturnValue({ manifest_version: 3, name: 'Pushgate', version: '0.2.1' }),
    };
  }

  it('registers every listener', () => {
    const stubs = stubMenusAndCommands();
    background.main();
    expect(stubs.onMenuClick).toHaveBeenCalledWith(handleMenuClick);
    expect(stubs.onCommand).toHaveBeenCalledWith(handleCommand);
    expect(fakeBrowser.runtime.onInstalled.hasListeners()).toBe(true);
    expect(fakeBrowser.notifications.onClicked.hasListeners()).toBe(true);
  });

  it('exposes the handlers for the e2e suite only in the test build', () => {
    stubMenusAndCommands();
    const scope = globalThis as unknown as { pushgate?: object };
    delete scope.pushgate;
    vi.stubEnv('PUSHGATE_TEST_HOOKS', '');
    background.main();
    expect(scope.pushgate).toBeUndefined();
    vi.stubEnv('PUSHGATE_TEST_HOOKS', 'true');
    background.main();
    expect(scope.pushgate).toEqual({ handleMenuClick, handleCommand, pollReceipts, mirrorManagedPolicy });
    vi.unstubAllEnvs();
  });

  it('creates the three menu items on install, after clearing old ones', async () => {
    const stubs = stubMenusAndCommands();
    background.main();
    await fakeBrowser.runtime.onInstalled.trigger({ reason: 'update', previousVersion: '0.0.1' });
    expect(stubs.removeAll).toHaveBeenCalledBefore(stubs.create);
    expect(stubs.create.mock.calls.map(([item]) => item)).toEqual([
      { id: MENU_IDS.selection, title: 'Push selection as secret', contexts: ['selection'] },
      { id: MENU_IDS.link, title: 'Push link as secret', contexts: ['link'] },
      { id: MENU_IDS.page, title: 'Push page URL as secret', contexts: ['page'] },
    ]);
    expect(stubs.openOptions).not.toHaveBeenCalled();
  });

  it('opens the first run on first install when not set up', async () => {
    const stubs = stubMenusAndCommands();
    background.main();
    await fakeBrowser.runtime.onInstalled.trigger({ reason: 'install' });
    expect(stubs.openTab).toHaveBeenCalledExactlyOnceWith({ url: fakeBrowser.runtime.getURL('/options.html#welcome') });
  });

  it('does not open the first run on install when already set up', async () => {
    const stubs = stubMenusAndCommands();
    await instanceUrl.setValue(BASE_URL);
    background.main();
    await fakeBrowser.runtime.onInstalled.trigger({ reason: 'install' });
    expect(stubs.openTab).not.toHaveBeenCalled();
  });

  it("opens the first run for an organisation's instance whose access is not yet allowed", async () => {
    const stubs = stubMenusAndCommands();
    await fakeBrowser.storage.managed.set({ instanceUrl: 'https://pwpush.corp.example' });
    (fakeBrowser as unknown as { permissions: object }).permissions = { contains: vi.fn(async () => false) };
    background.main();
    await fakeBrowser.runtime.onInstalled.trigger({ reason: 'install' });
    expect(stubs.openTab).toHaveBeenCalledExactlyOnceWith({ url: fakeBrowser.runtime.getURL('/options.html#welcome') });
  });

  it("an update to a new minor version that CHANGELOG.md tells of leaves What's new and a dot", async () => {
    const stubs = stubMenusAndCommands();
    stubs.manifest.mockReturnValue({ manifest_version: 3, name: 'Pushgate', version: '0.1.0' });
    const badge = vi.spyOn(fakeBrowser.action, 'setBadgeText').mockResolvedValue(undefined);
    background.main();
    await fakeBrowser.runtime.onInstalled.trigger({ reason: 'update', previousVersion: '0.0.9' });
    await vi.waitFor(() => expect(badge).toHaveBeenCalledWith({ text: '•' }));
    expect(await whatsNew.getValue()).toEqual({ since: '0.0.9', version: '0.1.0', seen: false });
    expect(stubs.openTab).not.toHaveBeenCalled();
  });

  it('an update past versions the changelog has no entry for leaves no dot', async () => {
    stubMenusAndCommands();
    const badge = vi.spyOn(fakeBrowser.action, 'setBadgeText').mockResolvedValue(undefined);
    background.main();
    await fakeBrowser.runtime.onInstalled.trigger({ reason: 'update', previousVersion: '0.1.4' });
    expect(await whatsNew.getValue()).toBeNull();
    await fakeBrowser.runtime.onStartup.trigger();
    expect(badge).toHaveBeenLastCalledWith({ text: '' });
  });

  // The popup shows ⌘+Enter or Ctrl+Enter from this, without touching `navigator` (`platformOs`).
  it.each([
    ['on install', () => fakeBrowser.runtime.onInstalled.trigger({ reason: 'install' })],
    // A patch release: nothing new to note, so the only write is the operating system's.
    ['on update', () => fakeBrowser.runtime.onInstalled.trigger({ reason: 'update', previousVersion: '0.2.0' })],
    ['when the browser starts', () => fakeBrowser.runtime.onStartup.trigger()],
  ])('keeps the operating system for the popup %s, writing only when it changed', async (_when, fire) => {
    stubMenusAndCommands();
    const getPlatformInfo = vi.fn(async () => ({ os: 'mac', arch: 'arm', nacl_arch: 'arm' }) as Browser.runtime.PlatformInfo);
    fakeBrowser.runtime.getPlatformInfo = getPlatformInfo;
    const set = vi.spyOn(fakeBrowser.storage.local, 'set');
    const osWrites = () => set.mock.calls.filter(([items]) => 'platformOs' in items).length;
    background.main();
    await fire();
    await vi.waitFor(() => expect(getPlatformInfo).toHaveBeenCalledOnce());
    await vi.waitFor(async () => expect(await platformOs.getValue()).toBe('mac'));
    expect(osWrites()).toBe(1);
    await fire();
    await vi.waitFor(() => expect(getPlatformInfo).toHaveBeenCalledTimes(2));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(osWrites()).toBe(1);
  });
});

describe('pushes whose outcome is unknown', () => {
  it.each([
    ['when the browser starts', () => fakeBrowser.runtime.onStartup.trigger()],
    [
      'when the extension is installed or updated',
      () => fakeBrowser.runtime.onInstalled.trigger({ reason: 'update', previousVersion: '0.0.1' }),
    ],
  ])('left "sending" by a worker that stopped are marked unknown %s', async (_when, fire) => {
    vi.spyOn(fakeBrowser.contextMenus, 'removeAll').mockResolvedValue(undefined);
    vi.spyOn(fakeBrowser.contextMenus, 'create').mockImplementation(() => 'id');
    vi.spyOn(fakeBrowser.contextMenus.onClicked, 'addListener').mockImplementation(() => {});
    vi.spyOn(fakeBrowser.commands.onCommand, 'addListener').mockImplementation(() => {});
    vi.spyOn(fakeBrowser.runtime, 'getManifest').mockReturnValue({ manifest_version: 3, name: 'Pushgate', version: '0.2.1' });
    vi.spyOn(fakeBrowser.tabs, 'create').mockResolvedValue(undefined as never);
    await beginAttempt(describeAttempt('cut-off', BASE_URL, { kind: 'text', payload: 'x' }, 'oss', 1000));
    background.main();
    await fire();
    await vi.waitFor(async () => {
      const listed = await listAttempts();
      expect(listed.ok && listed.value.map((attempt) => attempt.state)).toEqual(['unknown']);
    });
  });
});

describe('menu clicks', () => {
  it('pushes the selection read from the clicked frame, exactly, and copies the link', async () => {
    await handleMenuClick(menuInfo(MENU_IDS.selection, { frameId: 4, selectionText: 'first line second line' }), tab);
    expect(executeScript).toHaveBeenCalledWith(expect.objectContaining({ target: { tabId: 9, frameIds: [4] } }));
    expect(share).toHaveBeenCalledExactlyOnceWith({ kind: 'text', payload: SECRET }, expect.any(Object));
    expect(copy).toHaveBeenCalledExactlyOnceWith(push.htmlUrl);
    const shown = onlyNotification();
    expect(shown.title).toBe('Selected text pushed, secret link copied');
    expect(shown.message).toContain('3 days');
    expect(shown.message).toContain('1 view');
    expect(shown.message).not.toMatch(/line breaks/);
  });

  it('has the copied link cleared like a copied secret (a menu push has no passphrase), and only a copied one', async () => {
    await handleMenuClick(menuInfo(MENU_IDS.link, { linkUrl: 'https://example.com/doc' }), tab);
    expect(clearLink).toHaveBeenCalledExactlyOnceWith(push.htmlUrl);
    copy.mockResolvedValue(false);
    await handleMenuClick(menuInfo(MENU_IDS.link, { linkUrl: 'https://example.com/doc' }), tab);
    expect(clearLink).toHaveBeenCalledOnce();
  });

  it("falls back to the menu's selection text when the page cannot be read, and says so", async () => {
    executeScript.mockRejectedValue(new Error('Cannot access contents of the page'));
    await handleMenuClick(menuInfo(MENU_IDS.selection, { selectionText: 'first line second line' }), tab);
    expect(share).toHaveBeenCalledWith({ kind: 'text', payload: 'first line second line' }, expect.any(Object));
    expect(onlyNotification().message).toMatch(/line breaks/);
  });

  it('asks for a selection when there is none', async () => {
    executeScript.mockResolvedValue(frames(''));
    await handleMenuClick(menuInfo(MENU_IDS.selection), tab);
    expect(share).not.toHaveBeenCalled();
    expect(onlyNotification().message).toBe('Select some text first.');
  });

  it('pushes a link as a URL push', async () => {
    await handleMenuClick(menuInfo(MENU_IDS.link, { linkUrl: 'https://docs.example.org/runbook' }), tab);
    expect(share).toHaveBeenCalledExactlyOnceWith({ kind: 'url', payload: 'https://docs.example.org/runbook' }, expect.any(Object));
    expect(executeScript).not.toHaveBeenCalled();
  });

  it("pushes the page URL, or the tab's URL when the menu gives none", async () => {
    await handleMenuClick(menuInfo(MENU_IDS.page, { pageUrl: 'https://app.example/other' }), tab);
    await handleMenuClick(menuInfo(MENU_IDS.page, { pageUrl: undefined }), tab);
    expect(share.mock.calls.map(([request]) => request)).toEqual([
      { kind: 'url', payload: 'https://app.example/other' },
      { kind: 'url', payload: tab.url },
    ]);
  });

  it.each([
    ['the selection', () => handleMenuClick(menuInfo(MENU_IDS.selection), tab), 'Selected text pushed, secret link copied'],
    [
      'a link',
      () => handleMenuClick(menuInfo(MENU_IDS.link, { linkUrl: 'https://docs.example.org/runbook' }), tab),
      'Link pushed, secret link copied',
    ],
    [
      'the page',
      () => handleMenuClick(menuInfo(MENU_IDS.page, { pageUrl: 'https://app.example/' }), tab),
      "Page's address pushed, secret link copied",
    ],
    ['the shortcut', () => handleCommand('push-selection', tab), 'Selected text pushed, secret link copied'],
  ])('says what was pushed: %s', async (_what, act, title) => {
    await act();
    expect(onlyNotification().title).toBe(title);
  });

  it('refuses a non-web URL without a request', async () => {
    await handleMenuClick(menuInfo(MENU_IDS.page, { pageUrl: 'chrome://settings/' }), tab);
    await handleMenuClick(menuInfo(MENU_IDS.link, { linkUrl: 'javascript:alert(1)' }), tab);
    expect(share).not.toHaveBeenCalled();
    expect(shownNotifications().map((shown) => shown.title)).toEqual(["Page's address not pushed", 'Link not pushed']);
  });

  it('never puts the link or the secret in a notification', async () => {
    await handleMenuClick(menuInfo(MENU_IDS.selection), tab);
    const text = JSON.stringify(shownNotifications());
    expect(text).not.toContain(push.urlToken);
    expect(text).not.toContain('first line');
  });

  it('tells when the link could not be copied', async () => {
    copy.mockResolvedValue(false);
    await handleMenuClick(menuInfo(MENU_IDS.selection), tab);
    expect(onlyNotification().title).toBe('Selected text pushed, link not copied');
    expect(JSON.stringify(shownNotifications())).not.toContain(push.urlToken);
  });

  it('explains a failure and copies nothing', async () => {
    share.mockResolvedValue(fail({ kind: 'rate-limited', status: 429 }));
    await handleMenuClick(menuInfo(MENU_IDS.selection), tab);
    expect(copy).not.toHaveBeenCalled();
    const shown = onlyNotification();
    expect(shown.title).toBe('Selected text not pushed');
    expect(shown.message).toMatch(/Too many requests/);
  });

  it.each([
    ['not-found', /did not find the push/, 'pushes'],
    ['unchecked', /could not look for the push/, 'pushes'],
    ['no-token', /Without an API token.*add a token/, 'options'],
  ] as const)('never says "not pushed" of a push that may exist (%s), and a click opens where to check', async (looked, words, opens) => {
    vi.spyOn(fakeBrowser.contextMenus.onClicked, 'addListener').mockImplementation(() => {});
    vi.spyOn(fakeBrowser.commands.onCommand, 'addListener').mockImplementation(() => {});
    const openOptions = vi.spyOn(fakeBrowser.runtime, 'openOptionsPage').mockResolvedValue(undefined);
    const openTab = vi.spyOn(fakeBrowser.tabs, 'create').mockResolvedValue(undefined as never);
    background.main();
    share.mockResolvedValue(fail({ kind: 'maybe-created', attemptId: 'a1', looked }));
    await handleMenuClick(menuInfo(MENU_IDS.selection), tab);
    expect(copy).not.toHaveBeenCalled();
    const shown = onlyNotification();
    expect(shown.title).toBe('Selected text may have been pushed');
    expect(shown.message).toMatch(words);
    await fakeBrowser.notifications.onClicked.trigger(shown.id);
    if (opens === 'options') expect(openOptions).toHaveBeenCalledOnce();
    else expect(openTab).toHaveBeenCalledWith({ url: fakeBrowser.runtime.getURL('/pushes.html') });
  });

  it('a push whose link the instance handed out elsewhere: it exists, nothing copied, the link not in the notification', async () => {
    vi.spyOn(fakeBrowser.contextMenus.onClicked, 'addListener').mockImplementation(() => {});
    vi.spyOn(fakeBrowser.commands.onCommand, 'addListener').mockImplementation(() => {});
    const openTab = vi.spyOn(fakeBrowser.tabs, 'create').mockResolvedValue(undefined as never);
    background.main();
    share.mockResolvedValue(fail({ kind: 'link-refused', attemptId: 'a1', link: 'https://phish.example/p/abc' }));
    await handleMenuClick(menuInfo(MENU_IDS.selection), tab);
    expect(copy).not.toHaveBeenCalled();
    const shown = onlyNotification();
    expect(shown).toMatchObject({ title: 'Selected text pushed, link not copied', message: expect.stringMatching(/The push exists/) });
    expect(JSON.stringify(shown)).not.toContain('phish.example');
    await fakeBrowser.notifications.onClicked.trigger(shown.id);
    expect(openTab).toHaveBeenCalledWith({ url: fakeBrowser.runtime.getURL('/pushes.html') });
  });

  it('copies a push found after no answer came, and says it was found', async () => {
    share.mockResolvedValue(ok({ push, baseUrl: BASE_URL, recovered: true, twinsExpired: 1 }));
    await handleMenuClick(menuInfo(MENU_IDS.selection), tab);
    expect(copy).toHaveBeenCalledExactlyOnceWith(push.htmlUrl);
    const shown = onlyNotification();
    expect(shown.title).toBe('Selected text pushed, secret link copied');
    expect(shown.message).toMatch(/found the push on your instance.*sent the push twice; Pushgate expired the extra copy/);
  });

  it('says when the network sent the push twice and the copy was expired, and when the history could not keep it', async () => {
    share.mockImplementation(async (_request, deps) => {
      setTimeout(() => deps?.onCopiesChecked?.(1), 5);
      return ok({ push, baseUrl: BASE_URL, historyNotKept: true });
    });
    await handleMenuClick(menuInfo(MENU_IDS.selection), tab);
    expect(onlyNotification().message).toMatch(/sent the push twice; Pushgate expired the extra copy.*could not be kept/);
  });

  it.each<[string, HttpError]>([
    ['forbidden', { kind: 'forbidden', status: 403, serverMessage: 'HOSTILE SERVER TEXT' }],
    ['bad request', { kind: 'bad-request', status: 400, serverMessage: 'HOSTILE SERVER TEXT' }],
    ['validation', { kind: 'validation', status: 422, fields: { payload: ['HOSTILE SERVER TEXT'] } }],
  ])("never puts the server's text in a notification (%s), and points to the popup", async (_, error) => {
    share.mockResolvedValue(fail(error));
    await handleMenuClick(menuInfo(MENU_IDS.selection), tab);
    const shown = onlyNotification();
    expect(JSON.stringify(shown)).not.toContain('HOSTILE');
    expect(shown.message).toMatch(/Pushgate button in the toolbar/);
  });

  it('opens the options page when the notification about a missing setup is clicked', async () => {
    vi.spyOn(fakeBrowser.contextMenus.onClicked, 'addListener').mockImplementation(() => {});
    vi.spyOn(fakeBrowser.commands.onCommand, 'addListener').mockImplementation(() => {});
    const openOptions = vi.spyOn(fakeBrowser.runtime, 'openOptionsPage').mockResolvedValue(undefined);
    background.main();
    share.mockResolvedValue(fail({ kind: 'rate-limited', status: 429 }));
    await handleMenuClick(menuInfo(MENU_IDS.selection), tab);
    share.mockResolvedValue(fail({ kind: 'not-configured' }));
    await handleMenuClick(menuInfo(MENU_IDS.selection), tab);
    const [networkNote, setupNote] = shownNotifications();
    expect(setupNote!.message).toMatch(/not set up.*Click here/);

    await fakeBrowser.notifications.onClicked.trigger(networkNote!.id);
    expect(openOptions).not.toHaveBeenCalled();
    await fakeBrowser.notifications.onClicked.trigger(setupNote!.id);
    expect(openOptions).toHaveBeenCalledTimes(1);
  });
});

describe('keyboard command', () => {
  it('pushes the selection of the active tab, read in all its frames', async () => {
    vi.spyOn(fakeBrowser.tabs, 'query').mockImplementation((async () => [{ ...tab, id: 42 }]) as never);
    await handleCommand('push-selection');
    expect(executeScript).toHaveBeenCalledWith(expect.objectContaining({ target: { tabId: 42, allFrames: true } }));
    expect(share).toHaveBeenCalledExactlyOnceWith({ kind: 'text', payload: SECRET }, expect.any(Object));
    expect(copy).toHaveBeenCalledWith(push.htmlUrl);
  });

  it('uses the tab the browser passes with the command', async () => {
    await handleCommand('push-selection', tab);
    expect(executeScript).toHaveBeenCalledWith(expect.objectContaining({ target: { tabId: 9, allFrames: true } }));
  });

  it('asks for a selection when there is none', async () => {
    executeScript.mockResolvedValue(frames(''));
    await handleCommand('push-selection', tab);
    expect(share).not.toHaveBeenCalled();
    expect(onlyNotification().message).toBe('Select some text first.');
  });

  it('ignores other commands', async () => {
    await handleCommand('something-else', tab);
    expect(executeScript).not.toHaveBeenCalled();
    expect(shownNotifications()).toHaveLength(0);
  });
});
