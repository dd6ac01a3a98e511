import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { copyFromBackground } from '@/lib/browser/clipboard/background-copy';
import { writeClipboard } from '@/lib/browser/clipboard/document-clipboard';
import { answerSentMessages } from '../../support/extension-messages';

const LINK = 'https://pwpush.example/p/k3xq9w0lz2mfa/r';
const OFFSCREEN_URL = 'chrome-extension://test-extension-id/offscreen.html';
let send: ReturnType<typeof answerSentMessages>;

/** Chrome's offscreen API as far as we use it: one document at a time, like the real one. */
function installOffscreen() {
  let open = false;
  const offscreen = {
    createDocument: vi.fn(async (_options: unknown) => {
      if (open) throw new Error('Only a single offscreen document may be created.');
      open = true;
    }),
    closeDocument: vi.fn(async () => {
      if (!open) throw new Error('No current offscreen document.');
      open = false;
    }),
    hasDocument: vi.fn(async () => open),
  };
  (fakeBrowser as unknown as { offscreen?: object }).offscreen = offscreen;
  vi.spyOn(fakeBrowser.runtime, 'getContexts').mockImplementation(async () =>
    open ? [{ contextType: 'OFFSCREEN_DOCUMENT', documentUrl: OFFSCREEN_URL } as never] : [],
  );
  return { offscreen, isOpen: () => open, setOpen: (value: boolean) => (open = value) };
}

beforeEach(() => {
  delete (fakeBrowser as unknown as { offscreen?: object }).offscreen;
  send = answerSentMessages().mockResolvedValue({ copied: true });
});

describe('copyFromBackground in Chrome (offscreen document)', () => {
  it('opens the offscreen document, asks it to copy, and closes it', async () => {
    const { offscreen, isOpen } = installOffscreen();
    expect(await copyFromBackground(LINK)).toBe(true);
    expect(offscreen.createDocument).toHaveBeenCalledWith({
      url: OFFSCREEN_URL,
      reasons: ['CLIPBOARD'],
      justification: expect.any(String),
    });
    expect(send).toHaveBeenNthCalledWith(1, 'offscreen:copy', { text: LINK });
    // Before closing, the document is asked whether it still holds a copied secret to clear.
    expect(send).toHaveBeenNthCalledWith(2, 'offscreen:busy', {});
    expect(send).toHaveBeenCalledTimes(2);
    expect(isOpen()).toBe(false);
  });

  it('reuses a document left open by an earlier worker', async () => {
    const { offscreen, setOpen } = installOffscreen();
    setOpen(true);
    expect(await copyFromBackground(LINK)).toBe(true);
    expect(offscreen.createDocument).not.toHaveBeenCalled();
  });

  it('runs concurrent copies one after another, each in an open document', async () => {
    const { offscreen, isOpen } = installOffscreen();
    const events: string[] = [];
    const create = offscreen.createDocument.getMockImplementation()!;
    const close = offscreen.closeDocument.getMockImplementation()!;
    offscreen.createDocument.mockImplementation(async (options) => {
      events.push('open');
      await create(options);
    });
    offscreen.closeDocument.mockImplementation(async () => {
      events.push('close');
      await close();
    });
    send.mockImplementation(async (type, data) => {
      if (type === 'offscreen:busy') return { busy: false };
      events.push(`copy ${(data as { text: string }).text}`);
      return { copied: isOpen() };
    });

    const results = await Promise.all([copyFromBackground('a'), copyFromBackground('b'), copyFromBackground('c')]);

    expect(results).toEqual([true, true, true]);
    expect(events).toEqual(['open', 'copy a', 'close', 'open', 'copy b', 'close', 'open', 'copy c', 'close']);
  });

  it('uses the document another caller created in the meantime', async () => {
    const { offscreen, setOpen } = installOffscreen();
    offscreen.createDocument.mockImplementationOnce(async () => {
      setOpen(true);
      throw new Error('Only a single offscreen document may be created.');
    });
    expect(await copyFromBackground(LINK)).toBe(true);
  });

  it('reports false, and closes the document, when the copy fails', async () => {
    const { isOpen } = installOffscreen();
    send.mockRejectedValue(new Error('Could not establish connection. Receiving end does not exist.'));
    expect(await copyFromBackground(LINK)).toBe(false);
    expect(isOpen()).toBe(false);
    send.mockResolvedValue({ copied: false });
    expect(await copyFromBackground(LINK)).toBe(false);
  });

  it('falls back to offscreen.hasDocument where runtime.getContexts is missing', async () => {
    const { offscreen, setOpen } = installOffscreen();
    const getContexts = fakeBrowser.runtime.getContexts;
    Object.assign(fakeBrowser.runtime, { getContexts: undefined });
    setOpen(true);
    try {
      expect(await copyFromBackground(LINK)).toBe(true);
    } finally {
      Object.assign(fakeBrowser.runtime, { getContexts });
    }
    expect(offscreen.hasDocument).toHaveBeenCalled();
    expect(offscreen.createDocument).not.toHaveBeenCalled();
  });
});

describe('copyFromBackground in Firefox (background page with a DOM)', () => {
  it('writes with the Clipboard API itself', async () => {
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    expect(await copyFromBackground(LINK)).toBe(true);
    expect(writeText).toHaveBeenCalledWith(LINK);
    expect(send).not.toHaveBeenCalled();
  });
});

describe('writeClipboard', () => {
  it('falls back to a textarea and execCommand when writeText is refused, and leaves nothing behind', async () => {
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('Document is not focused.'));
    let copiedText = '';
    const execCommand = vi.fn((command: string) => {
      copiedText = document.querySelector('textarea')?.value ?? '';
      return command === 'copy';
    });
    Object.assign(document, { execCommand });

    expect(await writeClipboard(LINK)).toBe(true);
    expect(execCommand).toHaveBeenCalledWith('copy');
    expect(copiedText).toBe(LINK);
    expect(document.querySelector('textarea')).toBeNull();
  });

  it('reports false when both ways are refused', async () => {
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('Document is not focused.'));
    Object.assign(document, { execCommand: () => false });
    expect(await writeClipboard(LINK)).toBe(false);
  });
});

describe('offscreen document', () => {
  const noReply = () => {};
  const background = { id: 'test-extension-id', url: 'chrome-extension://test-extension-id/background.js' };

  async function loadOffscreenPage() {
    vi.resetModules();
    await import('@/entrypoints/offscreen/main');
  }

  it('copies what the background sends', async () => {
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    await loadOffscreenPage();
    const [answer] = await fakeBrowser.runtime.onMessage.trigger({ type: 'offscreen:copy', data: { text: LINK } }, background, noReply);
    expect(await answer).toEqual({ copied: true });
    expect(writeText).toHaveBeenCalledWith(LINK);
  });

  it('ignores a web page or another extension', async () => {
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    await loadOffscreenPage();
    const message = { type: 'offscreen:copy', data: { text: 'attacker text' } };
    const answers = await Promise.all([
      fakeBrowser.runtime.onMessage.trigger(message, { id: 'other-extension', url: 'chrome-extension://other-extension/x.html' }, noReply),
      fakeBrowser.runtime.onMessage.trigger(message, { id: 'test-extension-id', url: 'https://evil.example/' }, noReply),
    ]);
    expect(answers.flat()).toEqual([undefined, undefined]);
    expect(writeText).not.toHaveBeenCalled();
  });
});
