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
  },
});
