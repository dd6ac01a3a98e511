// Where the Firefox end-to-end tests find Firefox; plain JavaScript so `npm test`'s script
// (scripts/test.mjs) can check for it before anything starts.

/** The browser binary: Debian's `firefox-esr` unless `FIREFOX_PATH` says otherwise. */
export const FIREFOX_PATH = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';
