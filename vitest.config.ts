import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Checks of scale or of many seeds run with `npm run test:scale` (vitest.scale.config.ts).
    exclude: ['**/node_modules/**', '**/*.scale.test.ts'],
    // The CLI the tests run, compiled once for the current sources (test/helpers/cli.ts).
    globalSetup: ['test/helpers/globalSetup.ts'],
    setupFiles: ['test/setup.ts'],
    // A test file on every core: vitest's default keeps one core for itself, which on two cores runs the files one
    // at a time, while most of a file's time is spent waiting on the CLI it started.
    maxWorkers: availableParallelism(),
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
