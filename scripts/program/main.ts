/**
 * One run of the `hexa` command line on its arguments (as typed after `hexa`), in a process that scripts/hexa.ts
 * has readied (its handlers of what escapes, the temporaries removed at exit). Apart from the entry so that the
 * tests can run the compiled command line in their own process (test/helpers/inProcess.ts) through the very
 * code the entry runs, from the arguments on; the entry's ways of ending (process.exit, the exit status) are
 * the same either way.
 */
import './nodeProgram.js';
import { buildCli } from './cli.js';
import { COMPLETE_FLAG } from './completeFlag.js';
import { exitWith } from './failure.js';

/** `--debug`, read from the raw arguments: an error can come before (or from) yargs' parsing. */
export function debugAsked(args: readonly string[]): boolean {
  return args.includes('--debug');
}

function fail(message: string): never {
  process.stderr.write(`hexa: ${message}\n`);
  process.exit(2);
}

/** Run `hexa args…`: a usage problem or a failure ends the process (program/failure.ts), success returns. */
export async function runHexa(args: readonly string[]): Promise<void> {
  // A completion script asking for words: `hexa --get-yargs-completions hexa WORD… CURRENT`, one word a line.
  if (args[0] === COMPLETE_FLAG) {
    const { complete } = await import('./complete.js');
    process.stdout.write((await complete(args.slice(2))).map((w) => `${w}\n`).join(''));
    return;
  }
  const cli = await buildCli(args, { run: true, fail });
  try {
    await cli.parseAsync();
  } catch (e) {
    exitWith(e, debugAsked(args));
  }
}
