// How every tool here starts Debian Chromium with the extension loaded: the e2e suite, `npm start`
// and `npm run bench`. Plain JavaScript so `node scripts/start.mjs` can import it without a loader.

/** The browser binary: Debian's `chromium` unless `CHROMIUM_PATH` says otherwise. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Command-line switches for an unpacked extension. Unbranded Chromium still honours
 * `--load-extension` (Google Chrome ≥ 137 does not); the networking switches keep Chromium from
 * calling Google's hosts, which this machine's closed network refuses (toolchain reference §7).
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
