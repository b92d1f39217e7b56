/**
 * Setup of the test files that share a module graph (vitest.config.ts, project `shared`): a file that leaves a
 * world registered in the process's module store — a module world loaded in-process, `registerEnv` — fails
 * itself, naming the worlds, instead of changing what the files after it in the same worker see (a walk over
 * every known world would meet them there, in whichever file the scheduler happened to put next).
 */
import { afterAll, expect } from 'vitest';
import { envIds } from '../../sim/agent/moduleStore.js';

const before = envIds();

const SAY = 'this file registers worlds in the process: list it in ISOLATED (vitest.config.ts)';

afterAll(() => {
  expect(envIds(), SAY).toEqual(before);
});
