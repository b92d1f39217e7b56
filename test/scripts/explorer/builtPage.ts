/**
 * The explorer's page built beside the tests' build of the CLI (test/scripts/sweep/cli.ts), from the current
 * sources.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { builtCli } from '../sweep/cli.js';

/** The page's path, built on first use (where `hexa explorer` of that build reads it). */
export function builtPage(): string {
  const cli = builtCli();
  const page = join(dirname(dirname(cli)), 'explorer', 'hexa-explorer.html');
  if (!existsSync(page)) execFileSync(process.execPath, [join(dirname(cli), 'explorer', 'build.js')]);
  return page;
}
