import { defineConfig } from 'vitest/config';
import base from './vitest.config.js';

/** `npm run test:scale`: the checks of scale or of many seeds, too slow for the `npm test` a developer runs often. */
export default defineConfig({
  ...base,
  test: { ...base.test, include: ['test/**/*.scale.test.ts'], exclude: ['**/node_modules/**'] },
});
