import { writeClipboard } from '@/lib/browser/clipboard/background-copy';
import { documentClipboard } from '@/lib/browser/clipboard/document-clipboard';
import { createClipboardClearer } from '@/lib/browser/clipboard/clearer';
import { onMessages, sendMessage } from '@/lib/browser/messaging';
import { browserReady } from '@/lib/browser/namespace';

// Chrome's offscreen document (reason CLIPBOARD): the service worker has no clipboard, and the
// web page must not see the link. `onMessages` answers only this extension's own contexts.
// A secret to clear later stays in this document's memory only; once done it asks to be closed.
void browserReady.then(() => {
  const clearer = createClipboardClearer(documentClipboard, () => void sendMessage('clipboard:clear-settled', {}).catch(() => undefined));
  onMessages({
    'offscreen:copy': async ({ text }) => ({ copied: await writeClipboard(text) }),
    'offscreen:clear-later': async ({ text, delayMs }) => {
      clearer.schedule(text, delayMs);
      return { scheduled: true };
    },
    'offscreen:busy': async () => ({ busy: clearer.isPending() }),
  });
});
