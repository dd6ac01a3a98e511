import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';

const DIR = resolve(__dirname, '../../../docs/screenshots');

/** Real screenshots for the README, taken by the e2e run itself, in the light and dark theme. */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(DIR, { recursive: true });
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.screenshot({ path: `${DIR}/${name}-${colorScheme}.png`, fullPage: true });
  }
  await page.emulateMedia({ colorScheme: null });
}
