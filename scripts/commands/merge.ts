/** `hexa merge DIR… --out DIR`: join the shard folders of one sweep (see hexa sweep --shard). */
import type { ArgumentsCamelCase, Argv, CommandModule } from 'yargs';
import { existsSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { single } from '../config/flags.js';
import { msg, UsageError } from '../../sim/core/messages.js';
import { FORMAT_OPTION, humanOutput, parseFormat, withOutputFlags, type OutputArgs } from './common.js';

interface MergeArgs extends OutputArgs {
  dirs?: string[];
  out?: string;
  force?: boolean;
  format?: string;
  keepCells?: boolean;
}

/**
 * A merge that fails after it began writing (a full disk) removes what it started: the folder it made, or —
 * in a folder it replaced with --force — the sweep files it wrote. A refusal (bad input) has written nothing.
 */
function undoOnFailure<T>(out: string, clearSweepFiles: (dir: string) => void, merge: () => T): T {
  const full = resolve(out);
  const existed = existsSync(full);
  try {
    return merge();
  } catch (e) {
    if (!(e instanceof UsageError) && existsSync(full)) {
      if (existed) clearSweepFiles(full);
      else rmSync(full, { recursive: true, force: true });
    }
    throw e;
  }
}

export const mergeCommand: CommandModule<object, MergeArgs> = {
  builder: (y: Argv) =>
    withOutputFlags(y, 'a summary {status, inputs, cells, done, failed, out}')
      .positional('dirs', { type: 'string', array: true, describe: 'shard folders (hexa sweep --shard i/n --out DIR)' })
      .option('out', { type: 'string', describe: 'the merged folder (must not exist, unless --force)' })
      .option('force', { type: 'boolean', describe: "replace --out (deletes only a sweep's own files there)" })
      .option('format', FORMAT_OPTION)
      .option('keep-cells', {
        type: 'boolean',
        describe: 'give the merged folder a cells/ store even when every cell is done',
      })
      .example('hexa merge out/s0 out/s1 out/s2 --out out/all', 'join three shards') as unknown as Argv<MergeArgs>,
  handler: async (argv: ArgumentsCamelCase<MergeArgs>) => {
    const out = single('out', argv.out);
    const format = parseFormat(single('format', argv.format));
    if (out === undefined) throw new UsageError(msg.missingValue('out'));
    const { loadMergeModules, mergeSweeps } = await import('../sweep/merge.js');
    const dirs = (argv.dirs ?? []).map(String);
    await loadMergeModules(dirs);
    // Loaded here, as the merge itself: `hexa --help` loads no sweep machinery.
    const { clearSweepFiles } = await import('../sweep/folder/store.js');
    const s = undoOnFailure(out, clearSweepFiles, () =>
      mergeSweeps(dirs, out, argv.force === true, format, argv.keepCells === true),
    );
    if (argv.json === true) process.stdout.write(`${JSON.stringify(s, null, 2)}\n`);
    else if (humanOutput(argv))
      process.stderr.write(
        `hexa merge: ${s.status}: ${s.inputs} folders, ${s.cells} cells, ${s.done} done, ${s.failed} failed → ` +
          `${s.out}\n`,
      );
    if (s.status !== 'done') process.exitCode = 1;
  },
};
