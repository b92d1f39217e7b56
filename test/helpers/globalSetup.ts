/**
 * Vitest's global setup: build the CLI for the current sources once, before any test file starts, so test files
 * running side by side neither compile it twice nor wait on each other (test/helpers/cli.ts).
 */
import { BUILT_CLI_ENV, builtCli } from './cli.js';

export default function setup(): void {
  process.env[BUILT_CLI_ENV] = builtCli();
}
