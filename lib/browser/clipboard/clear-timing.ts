/**
 * How long a clipboard clear's second lasts. Every build waits whole seconds except
 * `npm run build:test:firefox`, which compiles in a tenth (wxt.config.ts): the Firefox test of the
 * clear (test/firefox/clipboard-clear.e2e.ts) then waits 6 s for "1 minute", in a Firefox that
 * unloads idle event pages after 3 s instead of 30, so it still proves the page is kept loaded.
 * test/build/hardening.test.ts finds `secondMs` in the built background of the store builds.
 */
export const clearTiming = {
  secondMs: (import.meta.env.PUSHGATE_CLEAR_SECOND_MS ?? 1000) as number,
};

/** The keep-alive alarm's period: 15 seconds, under the 30 idle seconds after which Firefox unloads an event page. */
export function keepAliveMinutes(): number {
  return (15 * clearTiming.secondMs) / 60_000;
}
