import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * The test files that change what their process knows and do not put it back — they register worlds or policies
 * in the one module store (sim/agent/moduleStore.ts), load plugin modules under the process guard, or preload
 * the docs' module flags — or that need a process no other file ran in first. Each runs in a fresh module graph
 * of its own, so the files after it never see what it registered (test/envs/checker.test.ts walks every known
 * world). A file of the shared graph that registers a world fails, saying to list it here
 * (test/helpers/sharedGraph.ts).
 */
export const ISOLATED = [
  'test/sim/agent/plugins/**/*.test.ts',
  'test/docs/commands.test.ts',
  // The module lock's bench and the guard's probe load docs/examples/lock-world.mjs in the test's process.
  'test/scripts/bench/bench.test.ts',
  'test/scripts/bench/guardBench.test.ts',
  // It checks that hexaHere refuses a call that registers a world, which leaves that world in the compiled CLI.
  'test/scripts/program/main.test.ts',
];

/** Checks of scale or of many seeds: `npm run test:scale` runs them (vitest.scale.config.ts), `npm test` does not. */
export const SCALE = '**/*.scale.test.ts';

/** What every project shares. */
export const COMMON = {
  // The CLI the tests run, compiled once for the current sources (test/helpers/cli.ts).
  globalSetup: ['test/helpers/globalSetup.ts'],
  setupFiles: ['test/setup.ts'],
  testTimeout: 60_000,
  hookTimeout: 120_000,
};

export default defineConfig({
  test: {
    // A test file on every core: vitest's default keeps one core for itself, which on two cores runs the files one
    // at a time, while most of a file's time is spent waiting on the CLI it started.
    maxWorkers: availableParallelism(),
    projects: [
      {
        test: {
          ...COMMON,
          name: 'shared',
          include: ['test/**/*.test.ts'],
          exclude: ['**/node_modules/**', SCALE, ...ISOLATED],
          // The other files leave nothing behind that a later file could see, so one module graph a worker serves
          // them all: a file costs its tests, not a fresh load of the simulator, vitest and the setup file.
          isolate: false,
          // …and a file that leaves a world registered fails, naming it, rather than reach the file after it.
          setupFiles: [...COMMON.setupFiles, 'test/helpers/sharedGraph.ts'],
        },
      },
      { test: { ...COMMON, name: 'isolated', include: ISOLATED, exclude: ['**/node_modules/**', SCALE] } },
    ],
  },
});
