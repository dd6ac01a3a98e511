import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { clearCopiedLinkFromBackground } from '@/lib/browser/clipboard/background-copy';
import { clearClipboardAfterSeconds, clearCopiedLinks } from '@/lib/settings';

const LINK = 'https://pwpush.example/p/abc123/r';
let clipboard = '';

function allowClipboardRead(allowed: boolean) {
  const contains = vi.fn(async ({ permissions = [] }: { permissions?: string[] }) => allowed && permissions.includes('clipboardRead'));
  (fakeBrowser as unknown as { permissions: object }).permissions = { contains };
}

beforeEach(() => {
  vi.useFakeTimers();
  delete (fakeBrowser as unknown as { offscreen?: object }).offscreen;
  clipboard = LINK;
  vi.spyOn(navigator.clipboard, 'readText').mockImplementation(async () => clipboard);
  vi.spyOn(navigator.clipboard, 'writeText').mockImplementation(async (text) => {
    clipboard = text;
  });
  allowClipboardRead(true);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the link of a menu or shortcut push, copied from the background (Firefox here)', () => {
  it('is cleared like a copied secret after the chosen time: such a push has no passphrase', async () => {
    await clearClipboardAfterSeconds.setValue(30);
    expect(await clearCopiedLinkFromBackground(LINK)).toBe(true);
    await vi.advanceTimersByTimeAsync(29_000);
    expect(clipboard).toBe(LINK);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(clipboard).toBe('');
  });

  it('stays with the setting off, with clearing off, or without permission to read the clipboard', async () => {
    await clearCopiedLinks.setValue(false);
    expect(await clearCopiedLinkFromBackground(LINK)).toBe(false);
    await clearCopiedLinks.setValue(true);
    await clearClipboardAfterSeconds.setValue(0);
    expect(await clearCopiedLinkFromBackground(LINK)).toBe(false);
    await clearClipboardAfterSeconds.setValue(60);
    allowClipboardRead(false);
    expect(await clearCopiedLinkFromBackground(LINK)).toBe(false);
    await vi.advanceTimersByTimeAsync(300_000);
    expect(clipboard).toBe(LINK);
  });
});
