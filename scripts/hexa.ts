#!/usr/bin/env node
/**
 * The `hexa` command line. Heavy modules (the simulator, its reports, worker pools) load inside command handlers,
 * so `hexa --help` stays instant. Bad input: one line on stderr, exit code 2.
 */
import { hideBin } from 'yargs/helpers';
import { UsageError } from '../sim/core/messages.js';
import { buildCli } from './cli.js';

function fail(message: string): never {
  process.stderr.write(`hexa: ${message}\n`);
  process.exit(2);
}

async function main(): Promise<void> {
  const cli = buildCli(hideBin(process.argv), { run: true, fail });
  try {
    await cli.parseAsync();
  } catch (e) {
    if (e instanceof UsageError) fail(e.message);
    throw e;
  }
}

await main();
