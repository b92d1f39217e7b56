/**
 * What every command shares: the exit-status epilogue and the output flags. `--json` prints the command's
 * result as one JSON document on stdout and nothing else there; `--quiet` prints nothing but errors — no
 * table, no summary line, no progress — while files are written as usual (with --json, the JSON still
 * goes to stdout: quiet silences chatter, not the result asked for).
 */
import type { Argv } from 'yargs';
import type { ProgressReporter } from '../progressLine.js';
import { single, STDIO } from '../config/flags.js';
import { msg, UsageError } from '../../sim/core/messages.js';
import type { OutputPlan } from '../program/outputs.js';
import { DEFAULT_FORMAT, RESULT_FORMATS, type ResultFormat } from '../../reports/parquet/formats.js';

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

/** `--library-db FILE.sqlite`: every skill's life, written as a SQLite database (docs/library-db.md). */
export function withLibraryDb<T>(y: Argv<T>, what: string): Argv<T & { 'library-db'?: string }> {
  return y.option('library-db', {
    type: 'string',
    group: OUTPUT_GROUP,
    describe: `write every skill's life (${what}) to FILE.sqlite, a SQLite database (see hexa library)`,
  }) as Argv<T & { 'library-db'?: string }>;
}

/**
 * The `--library-db` file a command writes, checked before any work (absolute) as one of its `outputs`, or
 * undefined without the flag. A database is a regular file, not a stream: `-`, a pipe or a device is refused.
 */
export function libraryDbPath(argv: object, force: boolean, outputs: OutputPlan): string | undefined {
  const text = single('library-db', (argv as { 'library-db'?: unknown })['library-db']);
  if (text === undefined) return undefined;
  if (text === STDIO) throw new UsageError(msg.notToStdout('library-db', 'a SQLite database'));
  return outputs.database('library-db', text, force);
}

/** `--format`: which result tables a folder gets (see reports/parquet/sweepTables.ts for the default's reason). */
export const FORMAT_OPTION = {
  type: 'string',
  describe: 'result tables: parquet (typed, zstd; results.parquet + cells.parquet/.csv), csv (results.csv), or both',
  default: DEFAULT_FORMAT,
} as const;

export function parseFormat(text: string | undefined): ResultFormat {
  const value = text ?? DEFAULT_FORMAT;
  if (!(RESULT_FORMATS as readonly string[]).includes(value))
    throw new UsageError(msg.notOneOf('format', value, RESULT_FORMATS));
  return value as ResultFormat;
}
