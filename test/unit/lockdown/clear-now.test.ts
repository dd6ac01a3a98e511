import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { clearCopiedSecretNow, clearLaterFromBackground } from '@/lib/browser/clipboard/background-copy';
import { createClipboardClearer, type ClipboardAccess } from '@/lib/browser/clipboard/clearer';
import { answerSentMessages } from '../../support/extension-messages';

const SECRET = 'correct horse battery staple';

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

describe('clearing a copied secret now (the lockdown)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    answerSentMessages();
    delete (fakeBrowser as unknown as { offscreen?: object }).offscreen;
    return () => vi.useRealTimers();
  });

  it('clears a secret waiting for its time at once, and settles', async () => {
    const clipboard = fakeClipboard(SECRET);
    const settled = vi.fn();
    const clearer = createClipboardClearer(clipboard.access, settled);
    clearer.schedule(SECRET, 60_000);
    expect(await clearer.clearNow()).toBe('cleared');
    expect(clipboard.content()).toBe('');
    expect(clearer.isPending()).toBe(false);
    expect(settled).toHaveBeenCalledOnce();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(clipboard.access.clear).toHaveBeenCalledOnce();
  });

  it('leaves what the person copied since, and says there was none of ours', async () => {
    const clipboard = fakeClipboard(SECRET);
    const clearer = createClipboardClearer(clipboard.access, () => undefined);
    clearer.schedule(SECRET, 60_000);
    clipboard.set('a shopping list');
    expect(await clearer.clearNow()).toBe('none');
    expect(clipboard.content()).toBe('a shopping list');
  });

  it('with nothing waiting reads nothing', async () => {
    const clipboard = fakeClipboard('anything');
    const clearer = createClipboardClearer(clipboard.access, () => undefined);
    expect(await clearer.clearNow()).toBe('none');
    expect(clipboard.access.read).not.toHaveBeenCalled();
  });

  it('a refused clear is said so', async () => {
    const clipboard = fakeClipboard(SECRET);
    clipboard.access.clear = vi.fn(async () => false);
    const clearer = createClipboardClearer(clipboard.access, () => undefined);
    clearer.schedule(SECRET, 60_000);
    expect(await clearer.clearNow()).toBe('failed');
  });

  it('Firefox: the background page clears its own waiting secret', async () => {
    vi.spyOn(navigator.clipboard, 'readText').mockResolvedValue(SECRET);
    const write = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    expect(await clearLaterFromBackground(SECRET, 60)).toBe(true);
    expect(await clearCopiedSecretNow()).toBe('cleared');
    expect(write).toHaveBeenCalledWith('');
  });
});
