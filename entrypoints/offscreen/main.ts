import { writeClipboard } from '@/lib/clipboard';
import { onMessages } from '@/lib/messaging';
import { browserReady } from '@/lib/browser-namespace';

// Chrome's offscreen document (reason CLIPBOARD): the service worker has no clipboard, and the
// web page must not see the link. `onMessages` answers only this extension's own contexts.
void browserReady.then(() =>
  onMessages({
    'offscreen:copy': async ({ text }) => ({ copied: await writeClipboard(text) }),
  }),
);
