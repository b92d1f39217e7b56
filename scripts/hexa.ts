#!/usr/bin/env node
/**
 * The `hexa` command line. Heavy modules (the simulator, its reports, worker pools) load inside command handlers,
 * so `hexa --help` stays instant. Bad input: one line on stderr, exit code 2; work that failed: one line, exit 1;
 * a stack trace only with --debug (scripts/program/failure.ts). The run itself is scripts/program/main.ts; here,
 * what the process around it needs.
 */
import { hideBin } from 'yargs/helpers';
// First: Node's host, the built-in worlds and the checker, in this thread and every worker thread it starts.
import './program/nodeProgram.js';
import { exitWith } from './program/failure.js';
import { installInterrupts } from './program/interrupt.js';
import { debugAsked, runHexa } from './program/main.js';

const ARGS = hideBin(process.argv);
const DEBUG = debugAsked(ARGS);

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

await runHexa(ARGS);
