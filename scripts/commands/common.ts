/**
 * What every command shares: the exit-status epilogue and the output flags. `--json` prints the command's
 * result as one JSON document on stdout and nothing else there; `--quiet` prints nothing but errors — no
 * table, no summary line, no progress — while files are written as usual (with --json, the JSON still
 * goes to stdout: quiet silences chatter, not the result asked for).
 */
import type { Argv } from 'yargs';
import type { ProgressReporter } from '../progressLine.js';

export const EXIT_STATUS =
  'Exit status: 0 done; 1 work that failed inside a sweep or merge (recorded in its manifest); 2 bad input (one line ' +
  'on stderr naming the flag and the value, nothing written).';

export const OUTPUT_GROUP = 'Output:';

export interface OutputArgs {
  json?: boolean;
  quiet?: boolean;
}

/** `--json` (describing what it prints) and, where a command has chatter to silence, `--quiet`; plus the epilogue. */
export function withOutputFlags<T>(y: Argv<T>, json: string, quiet = true): Argv<T & OutputArgs> {
  let out = y.option('json', { type: 'boolean', group: OUTPUT_GROUP, describe: `print ${json} as JSON on stdout` });
  if (quiet)
    out = out.option('quiet', {
      type: 'boolean',
      group: OUTPUT_GROUP,
      describe: 'print nothing but errors (and --json): no table, summary or progress',
    });
  return out.epilogue(EXIT_STATUS) as Argv<T & OutputArgs>;
}

/** Where a command's human-readable lines go: stdout, unless --quiet or --json. */
export function humanOutput(argv: OutputArgs): boolean {
  return argv.quiet !== true && argv.json !== true;
}

/**
 * A long command's progress on stderr (scripts/progressLine.ts): a bar on a terminal, a line every few
 * seconds elsewhere, nothing with --quiet. With --json too, since it goes to stderr.
 */
export async function progressOf(argv: OutputArgs, command: string): Promise<ProgressReporter> {
  const { progressMode, progressReporter } = await import('../progressLine.js');
  return progressReporter(command, progressMode(argv.quiet === true));
}
