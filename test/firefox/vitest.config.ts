import { defineConfig } from 'vitest/config';

// The Firefox build in Debian's Firefox ESR, driven over WebDriver BiDi, against the local
// reference servers: a smaller suite than Chromium's, for what differs between the two browsers.
export default defineConfig({
  resolve: { alias: { '@': new URL('../..', import.meta.url).pathname } },
  test: {
    environment: 'node',
    include: ['test/firefox/**/*.e2e.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 90_000,
    // As in vitest.e2e.config.ts: once more in CI, and listed by `npm test` when it needed it.
    retry: process.env.CI ? 1 : 0,
  },
});
