import { documentClipboard, writeClipboard } from '@/lib/browser/clipboard/document-clipboard';
import { createClipboardClearer } from '@/lib/browser/clipboard/clearer';
import { clipboardMessages } from '@/lib/browser/clipboard/messages';
import { browserReady } from '@/lib/browser/namespace';

// Chrome's offscreen document (reason CLIPBOARD): the service worker has no clipboard, and the
// web page must not see the link. `clipboardMessages.answer` answers only this extension's own contexts.
// A secret to clear later stays in this document's memory only; once done it asks to be closed.
void browserReady.then(() => {
  const clearer = createClipboardClearer(
    documentClipboard,
    () => void clipboardMessages.send('clipboard:clear-settled', {}).catch(() => undefined),
  );
  clipboardMessages.answer({
    'offscreen:copy': async ({ text }) => ({ copied: await writeClipboard(text) }),
    'offscreen:clear-later': async ({ text, delayMs }) => {
      clearer.schedule(text, delayMs);
      return { scheduled: true };
    },
    'offscreen:busy': async () => ({ busy: clearer.isPending() }),
    'offscreen:empty': async () => {
      clearer.forget();
      return { emptied: await documentClipboard.clear() };
    },
  });
});
