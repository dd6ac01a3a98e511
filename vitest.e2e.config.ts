import { defineConfig } from 'vitest/config';

// End-to-end: the built extension in Debian Chromium, driven by playwright-core, against the
// local reference servers. One browser at a time: the machines have two cores.
export default defineConfig({
  resolve: { alias: { '@': new URL('.', import.meta.url).pathname } },
  test: {
    environment: 'node',
    include: ['test/e2e/**/*.e2e.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // In CI only, a test that fails once is run once more: a whole browser on a loaded two-core
    // machine now and then misses a moment no product code controls. It is not hidden: `npm test`
    // lists every test that passed only on its second try, with its first failure (scripts/test.mjs).
    retry: process.env.CI ? 1 : 0,
  },
});
