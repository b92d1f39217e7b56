/**
 * Vitest's global setup: build the CLI for the current sources once, before any test file starts, so test files
 * running side by side neither compile it twice nor wait on each other (test/helpers/cli.ts); and give the run a
 * temporary folder in memory (test/helpers/memoryTmp.ts), removed at the end unless a test failed.
 */
import { dirname } from 'node:path';
import type { TestProject } from 'vitest/node';
import { SOURCES_BUILD } from '../../sim/core/host/node/threads.js';
import { BUILT_CLI_ENV, builtCli } from './cli.js';
import { endMemoryTmp, useMemoryTmp } from './memoryTmp.js';

export default function setup(project: TestProject): (() => void) | undefined {
  process.env[BUILT_CLI_ENV] = builtCli();
  // Worker threads the tests start from the sources run that build of them, not tsx compiling them again each.
  process.env[SOURCES_BUILD] = dirname(dirname(builtCli()));
  // Node 20 reads and parses every certificate NODE_EXTRA_CA_CERTS names as each process starts, TLS or not; the
  // test files and the CLIs, npm and shells they start make no TLS connection (npm installs offline, from its
  // cache), so the processes started from here on go without it.
  delete process.env.NODE_EXTRA_CA_CERTS;
  const tmp = useMemoryTmp();
  if (tmp === undefined) return undefined;
  return () => {
    const state = project.vitest.state;
    endMemoryTmp(tmp, state.getCountOfFailedTests() > 0 || state.getUnhandledErrors().length > 0);
  };
}
