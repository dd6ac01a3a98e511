import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';
import { packageChangelogs, versionsWithNews } from './build/changelogs.mjs';
import { PACKAGES } from './build/packages.mjs';

export default defineConfig({
  // The changelog as the combined package carries it (build/changelogs.mjs), as wxt.config.ts builds it.
  plugins: [WxtVitest(), packageChangelogs(PACKAGES.pushgate)],
  test: {
    environment: 'happy-dom',
    setupFiles: ['./test/setup.ts'],
    // The code as the combined package builds it: both purposes (build/packages.ts). Each package's
    // own build is checked by the packaging tests (test/build/).
    env: { PUSHGATE_SHARE: 'true', PUSHGATE_AIRPORT: 'true', PUSHGATE_NEWS: versionsWithNews(PACKAGES.pushgate).join(',') },
    include: ['test/unit/**/*.test.{ts,tsx}', 'test/components/**/*.test.{ts,tsx}', 'test/servers/**/*.test.ts'],
    // A cap, not a measure: on a loaded machine (CI shares its cores) a component test that renders
    // and waits for a few answers can take longer than vitest's 5 s default without being wrong.
    testTimeout: 15_000,
  },
});
