#!/usr/bin/env node
/**
 * The `hexa` command line. Heavy modules (the simulator, its reports, worker pools) load inside command handlers,
 * so `hexa --help` stays instant. Bad input: one line on stderr, exit code 2; work that failed: one line, exit 1;
 * a stack trace only with --debug (scripts/program/failure.ts).
 */
import { hideBin } from 'yargs/helpers';
// First: Node's host, the built-in worlds and the checker, in this thread and every worker thread it starts.
import './program/nodeProgram.js';
import { buildCli } from './program/cli.js';
import { complete } from './program/complete.js';
import { COMPLETE_FLAG } from './program/completionScripts.js';
import { exitWith } from './program/failure.js';
import { installInterrupts } from './program/interrupt.js';

/** `--debug`, read from the raw arguments: an error can come before (or from) yargs' parsing. */
const DEBUG = hideBin(process.argv).includes('--debug');

function fail(message: string): never {
  process.stderr.write(`hexa: ${message}\n`);
  process.exit(2);
}

// Whatever escapes (a failure in a callback, a worker's event): one line too, never a raw trace.
process.on('uncaughtException', (e) => exitWith(e, DEBUG));
process.on('unhandledRejection', (e) => exitWith(e, DEBUG));
// Temporaries removed at any exit; SIGINT and SIGTERM heard by the commands that can (program/interrupt.ts).
installInterrupts();
// A reader that went away (`hexa run --json | head -1`) is not an error of the run's.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(0);
  exitWith(e, DEBUG);
});

async function main(): Promise<void> {
  const args = hideBin(process.argv);
  // A completion script asking for words: `hexa --get-yargs-completions hexa WORD… CURRENT`, one word a line.
  if (args[0] === COMPLETE_FLAG) {
    process.stdout.write(
      complete(args.slice(2))
        .map((w) => `${w}\n`)
        .join(''),
    );
    return;
  }
  const cli = buildCli(args, { run: true, fail });
  try {
    await cli.parseAsync();
  } catch (e) {
    exitWith(e, DEBUG);
  }
}

await main();
