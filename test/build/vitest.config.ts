import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Packaging: builds the store, test and Firefox variants into .output/build-check/ (global-setup.ts),
// then checks their manifests, archives and the Firefox linter's findings. Plain Node: no browser.
export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    environment: 'node',
    include: ['test/build/**/*.test.ts'],
    globalSetup: ['test/build/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
