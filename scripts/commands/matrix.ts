/**
 * `hexa matrix`: the HExA configuration matrix — Offline / Off2On / Online × Static / Iterative / Evolving
 * (see sim/agent/modes.ts) — with the paper's metrics, success rate and mean attempts, mean ± sd over runs.
 * Takes every `hexa run` flag except the ones a mode sets (--mode, --window, --update). With `--library-from`,
 * the offline and off2on cells start from that saved library instead of a prior batch (online ones start
 * empty, as ever), and the JSON names the library and its SHA-256 for each cell that loaded it.
 */
import type { ArgumentsCamelCase, Argv, CommandModule, Options } from 'yargs';
import { applyStepTimeout, STEP_TIMEOUT_OPTION } from '../config/stepTimeout.js';
import { configFrom, envParamsFromArgv, runFlagOptions } from '../config/runOptions.js';
import { loadedSettings } from '../config/preload.js';
import { humanOutput, progressOf, withOutputFlags, type OutputArgs } from './common.js';

interface MatrixArgs extends OutputArgs {
  [flag: string]: unknown;
}

/** The flag of a saved library (which the online cells do without). */
const SAVED_LIBRARY = 'library-from';

/** Flags a mode decides, so the matrix does not take them. */
const SET_BY_MODE = ['mode', 'window', 'update'];

function matrixOptions(): Record<string, Options> {
  const out = runFlagOptions();
  for (const name of SET_BY_MODE) delete out[name];
  return out;
}

export const matrixCommand: CommandModule<object, MatrixArgs> = {
  builder: (y: Argv) =>
    withOutputFlags(y, '{config, cells: [{mode, runs, successRate: {mean, sd}, meanAttempts: {mean, sd}}]}')
      .options(matrixOptions())
      .example('hexa matrix --replicates 200', 'the nine cells on the published 4-bit lock')
      .example(
        'hexa matrix --actor consistent --prior-rounds 1 --replicates 200',
        'with in-task reasoning and a one-round prior batch',
      )
      .option('step-timeout', STEP_TIMEOUT_OPTION) as unknown as Argv<MatrixArgs>,
  handler: async (argv: ArgumentsCamelCase<MatrixArgs>) => {
    applyStepTimeout(argv);
    const settings = await loadedSettings(argv);
    const params = envParamsFromArgv(argv);
    // An online library starts empty: a saved library replaces only the prior batch of offline and off2on.
    const cellSettings = (mode: string): Record<string, string> => {
      const { [SAVED_LIBRARY]: saved, ...rest } = settings;
      return {
        ...rest,
        mode,
        ...(saved !== undefined && !mode.startsWith('online-') ? { [SAVED_LIBRARY]: saved } : {}),
      };
    };
    // Validate every cell's configuration before any work.
    const { LIBRARY_MODES } = await import('../../sim/agent/modes.js');
    for (const mode of LIBRARY_MODES) if (mode !== 'none') configFrom(cellSettings(mode), params);
    const { runMatrix } = await import('../../sim/experiment/matrix.js');
    const progress = await progressOf(argv, 'matrix');
    const cells = await runMatrix(
      (mode) => configFrom(cellSettings(mode), params),
      (done, total) => progress.update(done, total, 'cells'),
    );
    progress.end();
    const savedIn = (c: (typeof cells)[number]): Record<string, unknown> => {
      const from = c.config.agent.libraryFrom;
      const ref = c.config.modules?.find((m) => m.kind === 'library');
      return from === undefined || ref === undefined ? {} : { library: { from, sha256: ref.sha256 } };
    };
    if (argv.json === true) {
      const doc = {
        config: {
          ...cells[0]!.config,
          agent: {
            ...cells[0]!.config.agent,
            mode: undefined,
            window: undefined,
            update: undefined,
            libraryFrom: undefined,
          },
        },
        cells: cells.map((c) => ({
          mode: c.mode,
          source: c.source,
          dynamics: c.dynamics,
          priorRounds: c.config.agent.priorRounds,
          ...savedIn(c),
          runs: c.runs,
          successRate: c.successRate,
          meanAttempts: c.meanAttempts,
        })),
      };
      process.stdout.write(`${JSON.stringify(doc, null, 2)}\n`);
      return;
    }
    if (!humanOutput(argv)) return;
    const { renderMatrix } = await import('../../reports/tables/matrixTable.js');
    process.stdout.write(`${renderMatrix(cells)}\n`);
  },
};
