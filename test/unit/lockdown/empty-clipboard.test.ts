import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { clearLaterFromBackground, emptyClipboardNow } from '@/lib/browser/clipboard/background-copy';
import { createClipboardClearer, type ClipboardAccess } from '@/lib/browser/clipboard/clearer';
import { answerSentMessages } from '../../support/extension-messages';

const SECRET = 'correct horse battery staple';

/** The clipboard in memory, as navigator.clipboard shows it to a document with focus (Firefox's background page). */
function systemClipboard(initial: string) {
  const clipboard = { text: initial };
  const read = vi.spyOn(navigator.clipboard, 'readText').mockImplementation(async () => clipboard.text);
  vi.spyOn(navigator.clipboard, 'writeText').mockImplementation(async (text) => {
    clipboard.text = text;
  });
  return { clipboard, read };
}

describe('the lockdown empties the clipboard without reading it', () => {
  let send: ReturnType<typeof answerSentMessages>;
  beforeEach(() => {
    vi.useFakeTimers();
    send = answerSentMessages();
    delete (fakeBrowser as unknown as { offscreen?: object }).offscreen;
    return () => vi.useRealTimers();
  });

  it('Firefox: whatever the clipboard holds (clearing off, nothing of ours waiting), it is emptied and never read', async () => {
    const { clipboard, read } = systemClipboard('a secret the person copied from the receive view');
    expect(await emptyClipboardNow()).toBe(true);
    expect(clipboard.text).toBe('');
    expect(read).not.toHaveBeenCalled();
  });

  it('Firefox: a clear still waiting is dropped with the secret it held, and reads nothing later', async () => {
    const { clipboard, read } = systemClipboard(SECRET);
    expect(await clearLaterFromBackground(SECRET, 60)).toBe(true);
    expect(await emptyClipboardNow()).toBe(true);
    clipboard.text = 'copied after the lockdown';
    await vi.advanceTimersByTimeAsync(60_000);
    expect(read).not.toHaveBeenCalled();
    expect(clipboard.text).toBe('copied after the lockdown');
  });

  it('Chrome: opens the offscreen document for it (no read permission needed) and closes it after', async () => {
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
    send.mockImplementation(async (type) => (type === 'offscreen:empty' ? { emptied: true } : { busy: false }));
    expect(await emptyClipboardNow()).toBe(true);
    expect(send).toHaveBeenCalledWith('offscreen:empty', {});
    expect(offscreen.createDocument).toHaveBeenCalledOnce();
    expect(open).toBe(false);
  });

  it('a refusal is said so (here the document has no execCommand to fall back on either)', async () => {
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('denied'));
    expect(await emptyClipboardNow()).toBe(false);
  });

  it('the clearer forgets a waiting secret without touching the clipboard, and settles', async () => {
    const access: ClipboardAccess = { read: vi.fn(async () => SECRET), clear: vi.fn(async () => true) };
    const settled = vi.fn();
    const clearer = createClipboardClearer(access, settled);
    clearer.schedule(SECRET, 60_000);
    clearer.forget();
    expect(clearer.isPending()).toBe(false);
    expect(settled).toHaveBeenCalledOnce();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(access.read).not.toHaveBeenCalled();
    expect(access.clear).not.toHaveBeenCalled();
  });
});
