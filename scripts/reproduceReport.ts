/**
 * `hexa reproduce` without the command line: runs the arms (and the audit), and turns the results into
 * the terminal text, the JSON document, and the files of the result folder.
 */
import { ARMS, armConfig, type HiddenChoices } from '../sim/reproduction/arms.js';
import { auditAside, type AuditEntry, type AuditResult } from '../sim/reproduction/audit.js';
import { CHECK_MULTIPLE } from '../sim/reproduction/checks/bestReading.js';
import { PUBLISHED_RUN } from '../sim/experiment/config.js';
import { pairedDifferences, type PairedDifference } from '../sim/reproduction/paired.js';
import {
  figureRows,
  figureValues,
  uniformGuessingValue,
  type ArmResult,
  type FigureRow,
} from '../sim/reproduction/reproduction.js';
import { verdict, type Verdict } from '../sim/reproduction/verdict.js';
import { toCsv } from '../reports/csv/table.js';
import {
  describeHidden,
  figureCsvRows,
  pairedCsvRows,
  renderFigureTable,
  renderPaired,
} from '../reports/tables/reproduceTables.js';
import { auditCsvRows, renderAudit, renderVerdict } from '../reports/tables/auditTables.js';
import { headlineSentences } from '../reports/tables/headline.js';
import { leftOut } from '../reports/render/reproduceSections.js';
import { wrapWords } from '../reports/charts/conventions.js';
import { figureWords } from '../sim/reproduction/figures.js';
import { verdictDocument as documentOf, type VerdictDocument } from '../reports/verdictDocument.js';
import { armRunsCsv } from '../reports/csv/armRows.js';
import { boundsCsvRows, renderBounds } from '../reports/tables/boundsTables.js';
import { openerConfig, openerGapRows, OPENERS, type GapRow, type OpenerRuns } from '../sim/reproduction/gap.js';
import type { PublishedDb } from '../reports/folders/folders.js';
import {
  runSimulation,
  simulationPool,
  type RunJob,
  type SimulationResult,
} from '../sim/reproduction/simulationJobs.js';
import { hostJobNow } from '../sim/core/guard/sandbox.js';
import { at } from '../sim/core/at.js';
import type { Calibration } from '../sim/reproduction/calibration/calibrate.js';
import { calibrateOn, confidenceOn, replicatesOf, writeArmsDb } from './reproduceExtras.js';
import { describeWorld, worldAnchorLines, type OtherWorld } from './reproduceWorld.js';

export type { OtherWorld } from './reproduceWorld.js';
import { calibrationCsvRows, renderCalibration } from '../reports/tables/calibrationTables.js';

export interface ReproduceOptions {
  readonly hidden: HiddenChoices;
  readonly seed: number;
  readonly replicates: number;
  /** One replicate at the article's scale (no verdict: a single run has no spread to judge by). */
  readonly single: boolean;
  /** Print the audit's ranked table (the verdict behind the headline is computed either way). */
  readonly audit: boolean;
  /** Replicates per arm for every reading of the audit. */
  readonly auditReplicates: number;
  /** Replicates per reading of the full audit: a headline resting on fewer says so. */
  readonly fullAuditReplicates: number;
  readonly workers: number;
  /**
   * After each simulation: of the arms (without the audit), of the audit (the arms run alongside), of the calibration.
   */
  readonly onProgress?: (done: number, total: number, stage: ReproduceStage) => void;
  /** Called with runs.csv as soon as the runs are in (with the audit, ahead of its end), and the arms' configs. */
  readonly onRunsCsv?: (csv: string, arms: readonly ArmResult['config'][]) => void;
  /** Calibrate the audit's decision on simulated publications from known readings (the audit's runs as bank). */
  readonly calibrate?: { readonly publications: number };
  /** Another world in place of the published lock (`--env`), and what of the benchmark applies there. */
  readonly world?: OtherWorld;
  /** Write every arm's skill histories to this database file (`--library-db`; the arms are its cells). */
  readonly libraryDb?: string;
}

/** The stages of a reproduction whose simulations are counted for its progress. */
export type ReproduceStage = 'arms' | 'audit' | 'confidence' | 'calibration';

export interface ReproduceReport {
  readonly options: ReproduceOptions;
  /** The skill database written, when one was asked for. */
  readonly libraryDb?: PublishedDb;
  readonly arms: readonly ArmResult[];
  readonly rows: readonly FigureRow[];
  readonly paired: readonly PairedDifference[];
  /** The library against in-task reasoning (runs.csv holds the openers as arms too). */
  readonly openers: readonly OpenerRuns[];
  readonly bounds: readonly GapRow[];
  readonly audit: readonly AuditEntry[] | null;
  readonly verdict: Verdict | null;
  readonly calibration: Calibration | null;
  /** The headline: three or four sentences (empty for --single). */
  readonly sentences: readonly string[];
  verdictDocument(): VerdictDocument | null;
  config(): Record<string, unknown>;
  text(): string;
  json(): unknown;
  /** The result folder's CSV files, by name (manifest.json is the caller's). */
  files(): Record<string, string>;
}

/**
 * The verdict counts fewer figures than the table lists (a figure computed from others, a lower bound), so the
 * table says which it leaves out: the two numbers then agree.
 */
function verdictCount(ids: readonly string[]): string[] {
  const omitted = leftOut(ids);
  if (omitted.length === 0) return [];
  const why = omitted.map((f) =>
    f.impliedBy !== undefined
      ? `${figureWords(f.what).measure}, computed from others`
      : `${figureWords(f.what).arm}'s lower bound`,
  );
  return wrapWords(
    `The verdict weighs ${ids.length - omitted.length} of these ${ids.length} figures: not ${why.join(', nor ')}.`,
    115,
  );
}

/** Audit rows shown in the terminal; audit.csv has them all. */
const AUDIT_SHOWN = 12;

export async function executeReproduce(options: ReproduceOptions): Promise<ReproduceReport> {
  const replicates = options.single ? 1 : options.replicates;
  const world = options.world;
  // The arms and openers kept whole: with the audit, run on its threads ahead of its simulations.
  const only = world?.openers ?? ['consistent', 'optimal'];
  const armJobs: RunJob[] = ARMS.map((arm) => ({
    kind: 'run',
    key: `arm:${arm.id}`,
    config: armConfig(arm, options.hidden, options.seed, replicates, world?.run),
    ...(options.libraryDb !== undefined ? { histories: true } : {}),
  }));
  const openerJobs: RunJob[] = OPENERS.filter(({ id }) => only.includes(id)).map(({ id }) => ({
    kind: 'run',
    key: `opener:${id}`,
    config: openerConfig(id, options.seed, replicates, world?.run),
  }));
  // The audit judges readings of the published lock: no verdict for a single run or for another world.
  const audited = !options.single && world === undefined;
  const armsOf = (runs: ReadonlyMap<string, SimulationResult>): ArmResult[] =>
    ARMS.map((arm, i) => {
      const job = at(armJobs, i, 'arm jobs');
      return { arm, config: job.config, replicates: replicatesOf(runs, job.key) };
    });
  const openersOf = (runs: ReadonlyMap<string, SimulationResult>): OpenerRuns[] =>
    openerJobs.map((job) => {
      const opener = OPENERS.find((o) => `opener:${o.id}` === job.key);
      if (opener === undefined) throw new RangeError(`openers: no opener for ${job.key}`);
      const { id, label } = opener;
      return { id, label, config: job.config, replicates: replicatesOf(runs, job.key) };
    });
  let runsCsv: string | null = null;
  const runsTable = (arms: readonly ArmResult[], openers: readonly OpenerRuns[]): string =>
    (runsCsv ??= armRunsCsv([
      ...arms.map((a) => ({ arm: a.arm.id, config: a.config, replicates: a.replicates })),
      ...openers.map((o) => ({ arm: o.id, config: o.config, replicates: o.replicates })),
    ]));
  const runsIn = (runs: ReadonlyMap<string, SimulationResult>): void => {
    const arms = armsOf(runs);
    options.onRunsCsv?.(
      runsTable(arms, openersOf(runs)),
      arms.map((a) => a.config),
    );
  };
  // One pool of threads for the audit, its confidence set and calibration: its workers start once and stay warm.
  const pool = audited ? simulationPool(options.workers) : null;
  const stages = async () => {
    const aside =
      pool === null
        ? null
        : await auditAside(options.seed, options.auditReplicates, {
            pool,
            // The full audit's checks rest on more publications of the best reading than its bank holds.
            ...(options.auditReplicates >= options.fullAuditReplicates
              ? { checkRuns: CHECK_MULTIPLE * options.auditReplicates }
              : {}),
            onProgress: (done, total) => options.onProgress?.(done, total, 'audit'),
            alongside: [...armJobs, ...openerJobs],
            onRuns: runsIn,
          });
    const runs: ReadonlyMap<string, SimulationResult> =
      aside?.result.runs ?? runInProcess([...armJobs, ...openerJobs], options.onProgress);
    if (aside === null) runsIn(runs);
    // The confidence set rests on the full audit's bank; a quick audit's headline gives the credible set alone. It
    // is judged while the best reading's checks are made on a thread of their own.
    const [confidence, checks] = await Promise.all([
      pool === null || aside === null || options.auditReplicates < options.fullAuditReplicates
        ? null
        : confidenceOn(aside.result, options.seed, pool, options.onProgress),
      aside?.checks ?? null,
    ]);
    const result: AuditResult | null = aside === null ? null : { ...aside.result, checks };
    const calibration =
      pool === null || result === null || options.calibrate === undefined
        ? null
        : await calibrateOn(result, options.seed, pool, options.calibrate.publications, options.onProgress);
    return { runs, result, confidence, calibration };
  };
  const { runs, result, confidence, calibration } = await stages().finally(() => pool?.close());
  const arms = armsOf(runs);
  const openers = openersOf(runs);
  const libraryDb =
    options.libraryDb === undefined ? undefined : await writeArmsDb(options.libraryDb, options.seed, armJobs, runs);
  const uniform =
    world === undefined ? uniformGuessingValue() : world.exactRandomControl ? uniformGuessingValue(world.space) : null;
  const rows = figureRows(figureValues(arms), options.hidden, uniform);
  const paired = pairedDifferences(new Map(arms.map((a) => [a.arm.id, a.replicates])));
  const exploit = arms.find((a) => a.arm.id === 'exploit');
  if (exploit === undefined) throw new RangeError('arms: no exploit arm');
  const bounds = openerGapRows(exploit.replicates, openers, world?.space);
  const audit = result === null ? null : result.entries;
  const auditVerdict = result === null ? null : verdict(result, confidence);
  const sentences =
    auditVerdict === null
      ? []
      : headlineSentences(rows, options.hidden, auditVerdict, { full: options.fullAuditReplicates });
  const verdictDocument = (): VerdictDocument | null =>
    auditVerdict === null || result === null ? null : documentOf(auditVerdict, sentences, result.bandwidths);
  const config = (): Record<string, unknown> => ({
    seed: options.seed,
    replicates,
    single: options.single,
    hidden: options.hidden,
    protocol: {
      env: PUBLISHED_RUN.env,
      envParams: PUBLISHED_RUN.envParams,
      ...world?.run,
      rounds: PUBLISHED_RUN.rounds,
      tasks: PUBLISHED_RUN.tasks,
      cap: PUBLISHED_RUN.cap,
    },
    arms: [
      ...arms.map((a) => ({ id: a.arm.id, label: a.arm.label, agent: a.config.agent })),
      ...openers.map((o) => ({ id: o.id, label: o.label, agent: o.config.agent })),
    ],
  });

  return {
    options,
    ...(libraryDb !== undefined ? { libraryDb } : {}),
    arms,
    rows,
    paired,
    openers,
    bounds,
    audit,
    verdict: auditVerdict,
    calibration,
    sentences,
    verdictDocument,
    config,
    text() {
      const protocol = `${PUBLISHED_RUN.rounds} rounds × ${PUBLISHED_RUN.tasks} tasks, cap ${PUBLISHED_RUN.cap}`;
      const scale = options.single
        ? `one replicate (seed ${options.seed}) — the article's scale`
        : `${replicates} replicates per arm, seed ${options.seed}`;
      const lines = [
        world === undefined
          ? `The published 4-bit-lock benchmark (lock 1011, ${protocol}), ${scale}`
          : `The published benchmark's arms in ${describeWorld(world.run)} (${protocol}), ${scale}`,
        `Hidden choices: ${describeHidden(options.hidden)}`,
        '',
        renderFigureTable(rows, options.single, world === undefined),
      ];
      if (options.single)
        lines.push(
          '',
          world === undefined
            ? 'One run of each arm, as the article reports them. Another seed (--seed N) gives another run.'
            : 'One run of each arm. Another seed (--seed N) gives another run.',
        );
      if (!options.single) {
        lines.push(
          '',
          ...(world === undefined
            ? [
                'Each published figure is one run of 30 tasks: "single runs 95%" is the central 95 % ' +
                  'of single runs, "pctile" the',
                'published value\'s percentile among them, "inside" whether it lies in that range. "exact" is the ' +
                  'exact expectation.',
                ...verdictCount(rows.map((r) => r.figure.id)),
              ]
            : [
                `The figures of this world's own runs: "single runs 95%" is the central 95 % of ` +
                  `single runs, "exact" the exact`,
                'expectation of uniform guessing. The article published figures only for its 4-bit lock, so none ' +
                  'stand beside them.',
              ]),
          '',
          'Paired differences (arms share random numbers per replicate, round and task):',
          renderPaired(paired),
        );
      }
      if (world?.exactRandomControl === true) lines.push('', ...worldAnchorLines(world, arms));
      lines.push(
        '',
        'Bounds: the published library against agents that use the feedback inside a task (no ' +
          'library; exact values from',
        world === undefined
          ? '`hexa limits`; "gap" = library − opener, paired by replicate; "published gap" = the ' +
              "article's 4.2 − exact):"
          : '`hexa limits`; "gap" = library − opener, paired by replicate):',
        renderBounds(bounds, world === undefined),
      );
      if (world !== undefined && !options.single)
        lines.push(
          '',
          "No audit and no verdict: they judge readings of the hidden choices by the article's figures, which are the",
          "published 4-bit lock's (hexa reproduce without --env runs them).",
        );
      if (options.audit && result !== null && auditVerdict !== null) {
        lines.push(
          '',
          `Audit of the hidden choices (${result.entries.length} readings, arms as separate runs, every reading at ` +
            `${result.replicates} replicates per arm; ` +
            'ranked by the joint likelihood of the publication):',
          renderAudit(result.entries, AUDIT_SHOWN),
          '',
          renderVerdict(auditVerdict),
        );
      }
      if (calibration !== null)
        lines.push(
          '',
          `Calibration: the audit's decision on ${calibration.truths[0]?.publications ?? 0} simulated publications ` +
            `of each of ${calibration.truths.length} known readings:`,
          renderCalibration(calibration),
        );
      if (sentences.length > 0) lines.push('', 'Verdict:', ...sentences.map((x) => `  ${x}`));
      return lines.join('\n');
    },
    json() {
      return {
        config: config(),
        rows: rows.map((r) => ({
          id: r.figure.id,
          published: r.figure.published,
          mean: r.mean,
          ci95: r.ci95,
          analytic: r.analytic?.value ?? null,
          singleRunPercentile: r.placement?.percentile ?? null,
          consistent: r.placement?.consistent ?? null,
        })),
        bounds: bounds.map((b) => ({
          id: b.id,
          published: b.published,
          exact: b.exact?.exact ?? null,
          mean: b.mean,
          ci95: b.ci95,
          gap: b.gap,
          gapCi95: b.gapCi95,
        })),
        verdict: verdictDocument(),
        ...(calibration !== null ? { calibration } : {}),
      };
    },
    files() {
      const files: Record<string, string> = {
        'table.csv': toCsv(figureCsvRows(rows)),
        'paired.csv': toCsv(pairedCsvRows(paired)),
        'runs.csv': runsTable(arms, openers),
        'bounds.csv': toCsv(boundsCsvRows(bounds)),
      };
      if (audit !== null && result !== null) files['audit.csv'] = toCsv(auditCsvRows(audit, result.randomControl));
      if (calibration !== null) {
        files['calibration.csv'] = toCsv(calibrationCsvRows(calibration));
        files['calibration.json'] = `${JSON.stringify(calibration, null, 2)}\n`;
      }
      const doc = verdictDocument();
      if (doc !== null) files['verdict.json'] = `${JSON.stringify(doc, null, 2)}\n`;
      return files;
    },
  };
}

/** Runs the table's jobs on this thread (no audit to share threads with), reporting each one done. */
function runInProcess(
  jobs: readonly RunJob[],
  onProgress: ReproduceOptions['onProgress'],
): ReadonlyMap<string, SimulationResult> {
  const runs = new Map<string, SimulationResult>();
  for (const job of jobs) {
    // A plugin world's code runs here: held as on a worker (its exits, its output, the built-ins it changes).
    runs.set(
      job.key,
      hostJobNow(() => runSimulation(job)),
    );
    onProgress?.(runs.size, jobs.length, 'arms');
  }
  return runs;
}
