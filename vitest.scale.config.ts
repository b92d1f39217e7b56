import { defineConfig } from 'vitest/config';
import base, { COMMON } from './vitest.config.js';

/** `npm run test:scale`: the checks of scale or of many seeds, too slow for the `npm test` a developer runs often. */
export default defineConfig({
  test: {
    ...COMMON,
    maxWorkers: base.test?.maxWorkers,
    include: ['test/**/*.scale.test.ts'],
    exclude: ['**/node_modules/**'],
  },
});
