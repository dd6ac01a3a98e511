import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';

const ROOT = resolve(__dirname, '../../..');

/**
 * Where the e2e run puts its screenshots: an ignored folder, so `npm test` leaves the work tree
 * clean; `npm run screenshots` sets PUSHGATE_SCREENSHOTS=docs to update the README's pictures on purpose.
 */
export function screenshotDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.PUSHGATE_SCREENSHOTS === 'docs' ? resolve(ROOT, 'docs/screenshots') : resolve(ROOT, 'test/e2e/artifacts/screenshots');
}

/** Real screenshots for the README, taken by the e2e run itself, in the light and dark theme. */
export async function screenshot(page: Page, name: string): Promise<void> {
  const dir = screenshotDir();
  mkdirSync(dir, { recursive: true });
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.screenshot({ path: `${dir}/${name}-${colorScheme}.png`, fullPage: true });
  }
  await page.emulateMedia({ colorScheme: null });
}
