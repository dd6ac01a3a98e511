import type { Browser } from '@wxt-dev/browser';

// Code passed to `worker.evaluate` / `page.evaluate` runs inside the extension, where Chromium's
// own `chrome` global exists. Declared for the e2e files only (their own tsconfig).
declare global {
  const chrome: typeof Browser;
}
