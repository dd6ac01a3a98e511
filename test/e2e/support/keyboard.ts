import type { Locator, Page } from 'playwright-core';

// Keyboard journeys, focus rings and live regions, as the accessibility spec checks them.

/** Presses Tab (or Shift+Tab) until `target` has the focus; fails when it is not reached. */
export async function tabTo(page: Page, target: Locator, { back = false, max = 40 } = {}): Promise<void> {
  for (let presses = 0; presses < max; presses++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    if (await hasFocus(target)) return;
  }
  throw new Error(`${target} was not reached with ${max} presses of ${back ? 'Shift+Tab' : 'Tab'}`);
}

/** Whether `target` has the keyboard focus now. */
export const hasFocus = (target: Locator) => target.evaluate((element) => element === document.activeElement);

/** Starts a keyboard journey from the top of the page, as after loading it, with nothing focused. */
export async function fromTheTop(page: Page): Promise<void> {
  await page.bringToFront();
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
}

/** Marks every live region now in the page, to tell later which ones were there before a message. */
export const markLiveRegions = (page: Page) =>
  page.evaluate(() => {
    for (const region of document.querySelectorAll('[role="status"], [role="alert"], [aria-live]')) {
      region.setAttribute('data-present-before', '');
    }
  });

/**
 * The live region around the first text showing `text` that assistive technology can read (null
 * when there is none, or the text is not shown yet), and whether it was marked before. Does not wait: meant for `expect.poll`.
 */
export const liveRegionOf = (page: Page, text: string) =>
  page.evaluate((text) => {
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      // Text hidden from assistive technology (a visible copy of a live region's text) is never announced.
      if (!node.textContent?.includes(text) || node.parentElement?.closest('[aria-hidden="true"]')) continue;
      const region = node.parentElement?.closest('[role="status"], [role="alert"], [aria-live]');
      return region ? { role: region.getAttribute('role') ?? 'live', presentBefore: region.hasAttribute('data-present-before') } : null;
    }
    return null;
  }, text);

/** WCAG contrast ratio of two `rgb()`/`rgba()` colours as computed styles give them. */
export function contrast(a: string, b: string): number {
  const luminance = (colour: string) => {
    const [r, g, bl] = colour
      .match(/[\d.]+/g)!
      .slice(0, 3)
      .map((part) => {
        const c = Number(part) / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

/** The focus ring of the focused element: its outline and the background it is drawn on. */
export const focusRing = (target: Locator) =>
  target.evaluate((element) => {
    const style = getComputedStyle(element);
    // The ring sits outside the element (outline-offset), on its parents' background.
    let background = 'rgb(255, 255, 255)';
    for (let node = element.parentElement; node; node = node.parentElement) {
      const colour = getComputedStyle(node).backgroundColor;
      if (colour !== 'transparent' && !/rgba\(.*,\s*0\)$/.test(colour)) {
        background = colour;
        break;
      }
    }
    return {
      focusVisible: element.matches(':focus-visible'),
      style: style.outlineStyle,
      width: parseFloat(style.outlineWidth),
      colour: style.outlineColor,
      background,
    };
  });
