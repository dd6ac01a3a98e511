import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { chromium, type BrowserContext, type Page, type Worker } from 'playwright-core';

import { CHROMIUM_PATH, extensionArgs, unattendedProfile } from '../../support/chromium.mjs';
import { until as eventually } from '../../support/poll.mjs';

export const EXTENSION_DIR = resolve(__dirname, '../../../.output/chrome-mv3');

export interface ExtensionBrowser {
  context: BrowserContext;
  extensionId: string;
  /** The service worker, fetched again each time: MV3 workers stop when idle. */
  worker(): Promise<Worker>;
  /** Opens an extension page such as `popup.html` in a new tab. */
  open(path: string): Promise<Page>;
  /** The profile folder; with `keepProfile` it is still there after `close`, for the caller to search and remove. */
  profileDir: string;
  close(): Promise<void>;
}

export interface LaunchOptions {
  /**
   * The browser's language (BCP 47, e.g. `sv`): it picks the extension's `_locales` catalogue and
   * what `Intl` and `navigator.language` say. English unless given, whatever the machine's desktop
   * language is, so the specs that name controls in English hold everywhere.
   */
  locale?: string;
  /** Leave the profile folder on disk after `close` (the caller removes it). */
  keepProfile?: boolean;
  /** A profile folder to start from (a browser restart); implies `keepProfile`. */
  profileDir?: string;
  /** Leave the first run's tab open (the first-run tests drive it). */
  keepWelcome?: boolean;
  /** Another build to load than `.output/chrome-mv3` (the store images load each package's own). */
  extensionDir?: string;
  /** More Chromium switches (test/e2e/support/https-front.ts). */
  args?: string[];
}

/** Debian Chromium, headless, with the test build of the extension loaded (docs/toolchain.md#chromium). */
export async function launchExtension({
  locale = 'en-US',
  keepProfile = false,
  profileDir,
  keepWelcome = false,
  extensionDir = EXTENSION_DIR,
  args = [],
}: LaunchOptions = {}): Promise<ExtensionBrowser> {
  const profile = profileDir ?? unattendedProfile('pushgate-e2e-');
  keepProfile ||= profileDir !== undefined;
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    viewport: { width: 900, height: 700 },
    // `--lang` is what picks the extension's catalogue (checked: Debian's Chromium ships only its
    // own en-US UI, yet `chrome.i18n.getMessage` follows `--lang`); Linux Chromium also reads
    // LANGUAGE, so both say the same. `locale` sets navigator.language, Intl and getUILanguage().
    args: [...extensionArgs(extensionDir), `--lang=${locale}`, ...args],
    env: { ...process.env, LANGUAGE: locale.replace('-', '_') },
    locale,
  });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const worker = async () => context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  const extensionId = new URL((await worker()).url()).host;
  if (!profileDir && !keepWelcome) await closeWelcomeTab(context, extensionId);
  return {
    context,
    extensionId,
    worker,
    async open(path) {
      const page = await context.newPage();
      await page.goto(`chrome-extension://${extensionId}/${path}`);
      return page;
    },
    profileDir: profile,
    async close() {
      await context.close();
      if (!keepProfile) rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * A fresh install opens the first run (options.html#welcome: nothing is configured yet). Close that
 * tab before any test runs: otherwise it takes the focus from a page a test has just opened.
 */
async function closeWelcomeTab(context: BrowserContext, extensionId: string): Promise<void> {
  // Polled, not awaited as a `page` event: a new tab's URL is still about:blank when that fires.
  const welcome = await eventually(async () => context.pages().find((page) => page.url() === welcomeUrl(extensionId)), {
    timeoutMs: FIRST_RUN_OPENS_WITHIN_MS,
  }).catch(() => undefined);
  await welcome?.close();
}

/**
 * How long a fresh browser may take to open the first run: the background opens it once the browser
 * has answered its policy read (README.md, "For administrators"), 3 to 5 s after Chromium starts here.
 */
export const FIRST_RUN_OPENS_WITHIN_MS = 15_000;

/** The first run's address, which the background opens once on install. */
export function welcomeUrl(extensionId: string): string {
  return `chrome-extension://${extensionId}/options.html#welcome`;
}

/** Polls until `check` returns a truthy value: install-time work (menus) lands after the worker starts. */
export { eventually };
