import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The CLI the tests run, compiled once for the current sources (test/helpers/cli.ts).
    globalSetup: ['test/helpers/globalSetup.ts'],
    setupFiles: ['test/setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
