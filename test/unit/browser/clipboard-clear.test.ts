import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { answerClipboardMessages, clearLaterFromBackground, copyFromBackground } from '@/lib/browser/clipboard/background-copy';
import { documentClipboard } from '@/lib/browser/clipboard/document-clipboard';
import { createClipboardClearer, type ClipboardAccess } from '@/lib/browser/clipboard/clearer';
import { clearCopyLater } from '@/lib/browser/clipboard/clear-relay';
import { answerSentMessages } from '../../support/extension-messages';

const SECRET = 'correct horse\r\nbattery staple';
let send: ReturnType<typeof answerSentMessages>;

/** A clipboard in memory, read and cleared the way the offscreen document does it. */
function fakeClipboard(initial: string) {
  let content = initial;
  const access: ClipboardAccess = {
    read: vi.fn(async () => content),
    clear: vi.fn(async () => {
      content = '';
      return true;
    }),
  };
  return { access, content: () => content, set: (text: string) => (content = text) };
}

beforeEach(() => {
  vi.useFakeTimers();
  send = answerSentMessages();
  delete (fakeBrowser as unknown as { offscreen?: object }).offscreen;
});
afterEach(() => {
  vi.useRealTimers();
});

describe('createClipboardClearer', () => {
  it('clears the clipboard when the time is up and it still holds the secret, then settles', async () => {
    const clipboard = fakeClipboard(SECRET);
    const settled = vi.fn();
    const clearer = createClipboardClearer(clipboard.access, settled);
    clearer.schedule(SECRET, 30_000);
    expect(clearer.isPending()).toBe(true);
    await vi.advanceTimersByTimeAsync(29_999);
    expect(clipboard.content()).toBe(SECRET);
    await vi.advanceTimersByTimeAsync(1);
    expect(clipboard.content()).toBe('');
    expect(clearer.isPending()).toBe(false);
    expect(settled).toHaveBeenCalledOnce();
  });

  it('leaves alone whatever the person copied since, and still forgets the secret', async () => {
    const clipboard = fakeClipboard(SECRET);
    const settled = vi.fn();
    const clearer = createClipboardClearer(clipboard.access, settled);
    clearer.schedule(SECRET, 30_000);
    clipboard.set('something else');
    await vi.advanceTimersByTimeAsync(30_000);
    expect(clipboard.content()).toBe('something else');
    expect(clipboard.access.clear).not.toHaveBeenCalled();
    expect(clearer.isPending()).toBe(false);
    expect(settled).toHaveBeenCalledOnce();
  });

  it('clears nothing when the clipboard cannot be read', async () => {
    const clipboard = fakeClipboard(SECRET);
    vi.mocked(clipboard.access.read).mockResolvedValue(null);
    const clearer = createClipboardClearer(clipboard.access, () => {});
    clearer.schedule(SECRET, 1000);
    await vi.advanceTimersByTimeAsync(1000);
    expect(clipboard.access.clear).not.toHaveBeenCalled();
    expect(clearer.isPending()).toBe(false);
  });

  it('a newer copy replaces the older one: only the newer is cleared, at its own time', async () => {
    const clipboard = fakeClipboard('first');
    const settled = vi.fn();
    const clearer = createClipboardClearer(clipboard.access, settled);
    clearer.schedule('first', 30_000);
    await vi.advanceTimersByTimeAsync(20_000);
    clipboard.set('second');
    clearer.schedule('second', 60_000);
    await vi.advanceTimersByTimeAsync(10_000);
    // The first one's time is up, but it was replaced: nothing is read, nothing settles.
    expect(clipboard.access.read).not.toHaveBeenCalled();
    expect(settled).not.toHaveBeenCalled();
    expect(clipboard.content()).toBe('second');
    await vi.advanceTimersByTimeAsync(50_000);
    expect(clipboard.content()).toBe('');
    expect(settled).toHaveBeenCalledOnce();
  });
});

describe('clearCopyLater (popup side)', () => {
  it('sends the secret and the delay to the background', async () => {
    send.mockResolvedValue({ scheduled: true });
    expect(await clearCopyLater(SECRET, 60)).toBe(true);
    expect(send).toHaveBeenCalledExactlyOnceWith('clipboard:clear-later', { text: SECRET, delaySeconds: 60 });
  });

  it('sends nothing when clearing is off', async () => {
    expect(await clearCopyLater(SECRET, 0)).toBe(false);
    expect(send).not.toHaveBeenCalled();
  });

  it('reports false when the background cannot be reached', async () => {
    send.mockRejectedValue(new Error('Receiving end does not exist.'));
    expect(await clearCopyLater(SECRET, 30)).toBe(false);
  });
});

describe('clearLaterFromBackground', () => {
  it('refuses a delay that is not one of the choices', async () => {
    expect(await clearLaterFromBackground(SECRET, 0)).toBe(false);
    expect(await clearLaterFromBackground(SECRET, 1)).toBe(false);
    expect(send).not.toHaveBeenCalled();
  });

  it('in Firefox, the background page clears its own clipboard', async () => {
    let content = SECRET;
    vi.spyOn(navigator.clipboard, 'readText').mockImplementation(async () => content);
    vi.spyOn(navigator.clipboard, 'writeText').mockImplementation(async (text) => {
      content = text;
    });
    expect(await clearLaterFromBackground(SECRET, 30)).toBe(true);
    // The alarm that keeps the event page (and the secret in its memory) loaded until then.
    expect(await fakeBrowser.alarms.get('clipboard-clear-keep-alive')).toMatchObject({ periodInMinutes: 0.25 });
    await vi.advanceTimersByTimeAsync(30_000);
    expect(content).toBe('');
    expect(send).not.toHaveBeenCalled();
    await vi.waitFor(async () => expect(await fakeBrowser.alarms.get('clipboard-clear-keep-alive')).toBeUndefined());
  });

  it('in Chrome, hands the secret to the offscreen document and leaves it open while a clear is pending', async () => {
    let open = false;
    const offscreen = {
      createDocument: vi.fn(async () => {
        open = true;
      }),
      closeDocument: vi.fn(async () => {
        open = false;
      }),
      hasDocument: vi.fn(async () => open),
    };
    (fakeBrowser as unknown as { offscreen: object }).offscreen = offscreen;
    vi.spyOn(fakeBrowser.runtime, 'getContexts').mockImplementation(async () => (open ? [{} as never] : []));
    let busy = false;
    send.mockImplementation(async (type) => {
      if (type === 'offscreen:clear-later') busy = true;
      if (type === 'offscreen:busy') return { busy };
      return { scheduled: true, copied: true } as never;
    });

    expect(await clearLaterFromBackground(SECRET, 60)).toBe(true);
    expect(send).toHaveBeenCalledWith('offscreen:clear-later', { text: SECRET, delayMs: 60_000 });
    expect(open).toBe(true);
    // A link copied from the menu meanwhile must not close the document holding the pending clear.
    expect(await copyFromBackground('https://pwpush.example/p/x')).toBe(true);
    expect(open).toBe(true);
    expect(offscreen.closeDocument).not.toHaveBeenCalled();
    // The offscreen document is done and says so: now it is closed.
    busy = false;
    const stop = answerClipboardMessages();
    const sender = { id: 'test-extension-id', url: 'chrome-extension://test-extension-id/offscreen.html' };
    const [answer] = await fakeBrowser.runtime.onMessage.trigger({ type: 'clipboard:clear-settled', data: {} }, sender, () => {});
    expect(await answer).toEqual({ closed: true });
    expect(open).toBe(false);
    stop();
  });
});

describe('documentClipboard in a document without focus (Chrome offscreen)', () => {
  const notFocused = () => Promise.reject(new DOMException('Document is not focused.'));

  /** `execCommand` as Chrome runs it with clipboardRead/clipboardWrite: a paste or copy event with the clipboard's data. */
  function execCommandOn(clipboard: { text: string }) {
    return vi.fn((command: string) => {
      const data = new DataTransfer();
      if (command === 'paste') data.setData('text/plain', clipboard.text);
      const event = new ClipboardEvent(command, { clipboardData: data, bubbles: true, cancelable: true });
      (document.activeElement ?? document.body).dispatchEvent(event);
      if (command === 'copy' && event.defaultPrevented) clipboard.text = data.getData('text/plain');
      return true;
    });
  }

  it('reads the clipboard exactly (CRLF kept) through a paste event, and empties it through a copy event', async () => {
    vi.useRealTimers();
    vi.spyOn(navigator.clipboard, 'readText').mockImplementation(notFocused);
    vi.spyOn(navigator.clipboard, 'writeText').mockImplementation(notFocused);
    const clipboard = { text: SECRET };
    const execCommand = execCommandOn(clipboard);
    Object.assign(document, { execCommand });

    expect(await documentClipboard.read()).toBe(SECRET);
    expect(await documentClipboard.clear()).toBe(true);
    expect(clipboard.text).toBe('');
    expect(execCommand.mock.calls.map(([command]) => command)).toEqual(['paste', 'copy']);
    expect(document.querySelector('textarea')).toBeNull();
  });

  it('reads nothing when the browser refuses the paste', async () => {
    vi.useRealTimers();
    vi.spyOn(navigator.clipboard, 'readText').mockImplementation(notFocused);
    Object.assign(document, { execCommand: () => false });
    expect(await documentClipboard.read()).toBeNull();
  });
});
