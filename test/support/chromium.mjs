// How every tool here starts Debian Chromium with the extension loaded: the e2e suite, `npm start`
// and `npm run bench`. Plain JavaScript so `node scripts/start.mjs` can import it without a loader.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The browser binary: Debian's `chromium` unless `CHROMIUM_PATH` says otherwise. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Command-line switches for an unpacked extension. Unbranded Chromium still honours
 * `--load-extension` (Google Chrome ≥ 137 does not); the networking switches keep Chromium from
 * calling Google's hosts, which this machine's closed network refuses (docs/toolchain.md#chromium).
 * @param {string} extensionDir absolute path of the built extension
 */
export function extensionArgs(extensionDir) {
  return [
    `--disable-extensions-except=${extensionDir}`,
    `--load-extension=${extensionDir}`,
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    // Chromium's sandbox refuses to start as root, which is what CI runs as.
    ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
  ];
}

/**
 * Chromium's own pages that a run with no one at the keyboard does not need, switched off the way
 * chrome://flags does it. Each new window loads Chromium's omnibox popup (chrome://omnibox-popup.top-chrome,
 * its AI-mode variant included) in a renderer of its own: in a trace of the bench, about 90 ms of
 * one of these machines' two cores during every page opening, beside the page being measured or
 * tested. Not as `--disable-features`: Chromium keeps only the last such switch, and
 * Playwright passes its own list (HttpsUpgrades, PaintHolding…); chrome://flags entries are
 * merged into that list instead. `@2` picks an entry's third choice: Default, Enabled, Disabled.
 */
const UNATTENDED_FLAGS = ['webui-omnibox-popup@2', 'webui-omnibox-aim-popup@2'];

/**
 * A new profile folder for a headless run (the e2e suite, the bench): its `Local State` holds
 * {@link UNATTENDED_FLAGS}, which Chromium reads at start-up.
 * @param {string} prefix the folder name's start, under the system's temporary folder
 * @returns {string} the folder's path
 */
export function unattendedProfile(prefix) {
  const profile = mkdtempSync(join(tmpdir(), prefix));
  writeFileSync(join(profile, 'Local State'), JSON.stringify({ browser: { enabled_labs_experiments: UNATTENDED_FLAGS } }));
  return profile;
}
