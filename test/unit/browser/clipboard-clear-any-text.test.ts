import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createClipboardClearer, type ClipboardAccess } from '@/lib/browser/clipboard/clearer';

/** A clipboard in memory holding `content`, read and cleared the way the offscreen document does it. */
function clipboardHolding(content: string) {
  let held = content;
  const access: ClipboardAccess = {
    read: vi.fn(async () => held),
    clear: vi.fn(async () => {
      held = '';
      return true;
    }),
  };
  return { access, content: () => held };
}

const HUNDRED_KB = `${'0123456789abcdef'.repeat(3200)}\r\n${'ü€𝄞'.repeat(2000)}\r\nend`;

/**
 * What was scheduled (the secret, or the text box's selection, whose value has LF line ends) and
 * what the clipboard holds once the browser wrote it: Chromium writes CRLF on Windows, drops NUL
 * characters when it copies a selection, and may write a no-break space as a space.
 */
const PAYLOADS: { name: string; scheduled: string; onClipboard: string }[] = [
  { name: 'CRLF, written as is', scheduled: 'one\r\ntwo\r\n', onClipboard: 'one\r\ntwo\r\n' },
  { name: 'CRLF secret, LF selection', scheduled: 'one\ntwo', onClipboard: 'one\r\ntwo' },
  { name: 'LF secret, CRLF on the clipboard', scheduled: 'one\ntwo\n', onClipboard: 'one\r\ntwo\r\n' },
  { name: 'lone CR', scheduled: 'old\rmac', onClipboard: 'old\nmac' },
  { name: 'lone CR written as CRLF', scheduled: 'old\rmac', onClipboard: 'old\r\nmac' },
  { name: 'tabs', scheduled: 'a\tb\t\tc\t', onClipboard: 'a\tb\t\tc\t' },
  { name: 'emoji outside the BMP', scheduled: '🔑 key 👩‍👩‍👧 𝄞', onClipboard: '🔑 key 👩‍👩‍👧 𝄞' },
  { name: 'RTL and LTR marks', scheduled: '\u200Fסוד\u200E 123\u202B', onClipboard: '\u200Fסוד\u200E 123\u202B' },
  { name: 'NUL dropped by the copy', scheduled: 'nul\u0000inside', onClipboard: 'nulinside' },
  { name: 'no-break space', scheduled: 'pass\u00A0word', onClipboard: 'pass word' },
  { name: 'trailing whitespace', scheduled: 'secret  \n\t ', onClipboard: 'secret  \r\n\t ' },
  { name: '100 kB', scheduled: HUNDRED_KB, onClipboard: HUNDRED_KB.replaceAll('\r\n', '\n') },
];

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('a copied secret is cleared whatever characters it holds', () => {
  it.each(PAYLOADS)('$name', async ({ scheduled, onClipboard }) => {
    const clipboard = clipboardHolding(onClipboard);
    const clearer = createClipboardClearer(clipboard.access, () => {});
    clearer.schedule(scheduled, 1000);
    await vi.advanceTimersByTimeAsync(1000);
    expect(clipboard.content()).toBe('');
  });

  it.each([
    ['a different word', 'one\ntwo', 'one\ntwo!'],
    ['a line break where there was none', 'one two', 'one\ntwo'],
    ['a line more', 'one\ntwo', 'one\n\ntwo'],
    ['a space less', 'secret ', 'secret'],
  ])('still leaves alone what differs: %s', async (_name, scheduled, onClipboard) => {
    const clipboard = clipboardHolding(onClipboard);
    const clearer = createClipboardClearer(clipboard.access, () => {});
    clearer.schedule(scheduled, 1000);
    await vi.advanceTimersByTimeAsync(1000);
    expect(clipboard.content()).toBe(onClipboard);
  });
});
