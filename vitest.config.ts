import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';

export default defineConfig({
  plugins: [WxtVitest()],
  test: {
    environment: 'happy-dom',
    setupFiles: ['./test/setup.ts'],
    include: ['test/unit/**/*.test.{ts,tsx}', 'test/components/**/*.test.{ts,tsx}', 'test/servers/**/*.test.ts'],
    // A cap, not a measure: on a loaded machine (CI shares its cores) a component test that renders
    // and waits for a few answers can take longer than vitest's 5 s default without being wrong.
    testTimeout: 15_000,
  },
});
