import type { ElementHandle, Page } from 'puppeteer-core';

/** Inside an extension page Firefox's own `browser` exists (not declared for the rest of the project). */
export type InPage = { browser: typeof import('wxt/browser').browser };

/**
 * The button whose text is `name`, as a person reads it, once the page has drawn it: a page
 * that has just opened may still be rendering when it is looked for.
 */
export async function buttonNamed(page: Page, name: string, timeout = 10_000): Promise<ElementHandle<HTMLButtonElement>> {
  const button = await page
    .waitForFunction(
      (name) => [...document.querySelectorAll('button')].find((node) => node.textContent?.trim() === name),
      { timeout },
      name,
    )
    .catch(() => null);
  const element = button?.asElement();
  if (!element) throw new Error(`no button "${name}" within ${timeout} ms`);
  return element as ElementHandle<HTMLButtonElement>;
}

/** What Firefox's `browser` has beyond the project's Chrome types: views of the sidebar, and the sidebar itself. */
export type FirefoxViews = {
  browser: {
    action: { openPopup(): Promise<void> };
    extension: { getViews(filter: { type: 'popup' | 'sidebar' }): Array<Window & typeof globalThis> };
    sidebarAction: { open(): Promise<void> };
  };
};
