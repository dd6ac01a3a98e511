import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { copyFromBackground } from '@/lib/browser/clipboard/background-copy';
import { handleCommand, handleMenuClick, MENU_IDS } from '@/lib/share/menus';
import { ok } from '@/lib/result';
import { sharePush } from '@/lib/share/share-push';
import { makePush } from '@/test/support/pwpush-fixtures';

vi.mock('@/lib/share/share-push', async (importActual) => ({
  ...(await importActual<typeof import('@/lib/share/share-push')>()),
  sharePush: vi.fn(),
}));
vi.mock('@/lib/browser/clipboard/background-copy', () => ({
  copyFromBackground: vi.fn(),
  clearCopiedLinkFromBackground: vi.fn(async () => true),
  answerClipboardMessages: vi.fn(),
  listenForKeepAlive: vi.fn(),
}));

const share = vi.mocked(sharePush);
const executeScript = vi.fn();
const tabAt = (url: string) => ({ id: 9, url, index: 0, pinned: false }) as Browser.tabs.Tab;
const menuInfo = (menuItemId: string, pageUrl: string, extra: Partial<Browser.contextMenus.OnClickData> = {}) =>
  ({ menuItemId, editable: false, pageUrl, frameId: 0, ...extra }) as Browser.contextMenus.OnClickData;
const notified = () => Object.values(fakeBrowser.notifications.getAllCreateOptions()).map((options) => options.message);

beforeEach(() => {
  share.mockReset().mockImplementation(async (_request, deps) => {
    deps?.onCopiesChecked?.(0);
    return ok({ push: makePush(), baseUrl: 'https://pwpush.example' });
  });
  vi.mocked(copyFromBackground).mockReset().mockResolvedValue(true);
  executeScript.mockReset().mockResolvedValue([{ frameId: 0, documentId: 'd', result: { text: 'secret', focused: true } }]);
  (fakeBrowser as unknown as { scripting: object }).scripting = { executeScript };
});

describe("menu and shortcut pushes from a chat app's tab", () => {
  it('turn the retrieval step on for that push and say why', async () => {
    const slack = tabAt('https://app.slack.com/client/T1/C2');
    await handleMenuClick(menuInfo(MENU_IDS.selection, slack.url!), slack);
    await handleCommand('push-selection', slack);
    await handleMenuClick(
      menuInfo(MENU_IDS.link, 'https://mail.google.com/mail/u/0/', { linkUrl: 'https://docs.example.org/' }),
      tabAt('https://mail.google.com/mail/u/0/'),
    );

    expect(share.mock.calls.map(([request]) => request.retrievalStep)).toEqual([true, true, true]);
    const messages = notified();
    expect(messages.filter((message) => message?.includes("Slack's link preview would open the link"))).toHaveLength(2);
    expect(messages.filter((message) => message?.includes("Gmail's mail scanner would open the link"))).toHaveLength(1);
  });

  it('say the step is off, from the answer, when the instance switched it off for the kind', async () => {
    share.mockImplementation(async (_request, deps) => {
      deps?.onCopiesChecked?.(0);
      return ok({ push: makePush({ retrievalStep: false }), baseUrl: 'https://pwpush.example', retrievalStepRefused: true });
    });
    const slack = tabAt('https://app.slack.com/client/T1/C2');
    await handleMenuClick(menuInfo(MENU_IDS.selection, slack.url!), slack);
    await handleMenuClick(menuInfo(MENU_IDS.page, 'https://example.org/page'), tabAt('https://example.org/page'));
    const [fromSlack, elsewhere] = notified();
    expect(fromSlack).not.toMatch(/Retrieval step on/);
    expect(fromSlack).toContain(
      "Retrieval step off: your instance does not allow it for this kind of push, so Slack's link preview may open the link and use a view.",
    );
    expect(elsewhere).toContain('Your instance has the retrieval step switched off for this kind of push');
  });

  it('leave other pushes to the defaults', async () => {
    const other = tabAt('https://example.org/page');
    await handleMenuClick(menuInfo(MENU_IDS.selection, other.url!), other);
    expect(share.mock.calls[0]![0]).not.toHaveProperty('retrievalStep');
    expect(notified()[0]).not.toMatch(/Retrieval step/);
  });
});
