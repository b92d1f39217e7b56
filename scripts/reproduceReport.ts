/**
 * `hexa reproduce` without the command line: runs the arms (and the audit), and turns the results into
 * the terminal text, the JSON document, and the files of the result folder.
 */
import { ARMS, armConfig, type HiddenChoices } from '../sim/reproduction/arms.js';
import { auditGrid, auditJobs, scoreAudit, type AuditEntry } from '../sim/reproduction/audit.js';
import { PUBLISHED_RUN } from '../sim/experiment/config.js';
import { pairedDifferences, type PairedDifference } from '../sim/reproduction/paired.js';
import { figureRows, figureValues, uniformGuessingValue, type ArmResult, type FigureRow } from '../sim/reproduction/reproduction.js';
import { verdict, type Verdict } from '../sim/reproduction/verdict.js';
import { toCsv } from '../reports/csv/csv.js';
import { auditCsvRows, describeHidden, figureCsvRows, pairedCsvRows, renderAudit, renderFigureTable, renderPaired, renderVerdict } from '../reports/tables/reproduceTables.js';
import { armRunsCsv } from '../reports/csv/armRows.js';
import { boundsCsvRows, renderBounds } from '../reports/tables/boundsTables.js';
import { openerConfig, openerGapRows, OPENERS, type GapRow, type OpenerRuns } from '../sim/reproduction/gap.js';
import type { RunJob, SimulationResult } from '../sim/reproduction/simulationJobs.js';
import { runJobs } from '../sim/reproduction/workerPool.js';

export interface ReproduceOptions {
  readonly hidden: HiddenChoices;
  readonly seed: number;
  readonly replicates: number;
  /** One replicate at the article's scale. */
  readonly single: boolean;
  readonly audit: boolean;
  /** Worker threads for the audit (1: this thread); the arms and openers share them. */
  readonly workers: number;
  /** Progress of the audit: simulations done out of all (the arms and openers included). */
  readonly onAuditProgress?: (done: number, total: number) => void;
}

export interface ReproduceReport {
  readonly options: ReproduceOptions;
  readonly arms: readonly ArmResult[];
  readonly rows: readonly FigureRow[];
  readonly paired: readonly PairedDifference[];
  /** The library against in-task reasoning (runs.csv holds the openers as arms too). */
  readonly openers: readonly OpenerRuns[];
  readonly bounds: readonly GapRow[];
  readonly audit: readonly AuditEntry[] | null;
  readonly verdict: Verdict | null;
  config(): Record<string, unknown>;
  text(): string;
  json(): unknown;
  /** The result folder's CSV files, by name (manifest.json is the caller's). */
  files(): Record<string, string>;
}

/** Audit rows shown in the terminal; audit.csv has them all. */
const AUDIT_SHOWN = 12;

export async function executeReproduce(options: ReproduceOptions): Promise<ReproduceReport> {
  const replicates = options.single ? 1 : options.replicates;
  // One set of jobs for the whole reproduction: the arms and openers kept whole, then the audit's distinct
  // simulations, so that with the audit on, every simulation shares the same workers.
  const armJobs: RunJob[] = ARMS.map((arm) => ({ kind: 'run', key: `arm:${arm.id}`, config: armConfig(arm, options.hidden, options.seed, replicates) }));
  const openerJobs: RunJob[] = OPENERS.map(({ id }) => ({ kind: 'run', key: `opener:${id}`, config: openerConfig(id, options.seed, replicates) }));
  const grid = options.audit ? auditGrid() : null;
  const plan = grid === null ? null : auditJobs(grid, options.seed, replicates);
  // The benchmark's own tables, and runs.csv, as soon as its runs are in: with the audit on, this thread
  // builds them while the workers go on with the audit.
  const runKeys = new Set([...armJobs, ...openerJobs].map((j) => j.key));
  const partial = new Map<string, SimulationResult>();
  let table: BenchmarkTables | null = null;
  const onResult = (result: SimulationResult): void => {
    if (!runKeys.has(result.key)) return;
    partial.set(result.key, result);
    if (partial.size === runKeys.size) table = benchmarkTables(partial, armJobs, openerJobs, options.hidden);
  };
  const jobs = [...armJobs, ...openerJobs, ...(plan?.jobs ?? [])];
  const results = await runJobs(jobs, plan === null ? 1 : options.workers, plan === null ? undefined : options.onAuditProgress, onResult);
  const { arms, openers, rows, paired, bounds, runsCsv } = table ?? benchmarkTables(results, armJobs, openerJobs, options.hidden);
  const audit = grid === null || plan === null ? null : scoreAudit(grid, plan.keys, results);
  const auditVerdict = audit === null ? null : verdict(audit);

  const config = (): Record<string, unknown> => ({
    seed: options.seed,
    replicates,
    single: options.single,
    hidden: options.hidden,
    protocol: { env: PUBLISHED_RUN.env, envParams: PUBLISHED_RUN.envParams, rounds: PUBLISHED_RUN.rounds, tasks: PUBLISHED_RUN.tasks, cap: PUBLISHED_RUN.cap },
    arms: [...arms.map((a) => ({ id: a.arm.id, label: a.arm.label, agent: a.config.agent })), ...openers.map((o) => ({ id: o.id, label: o.label, agent: o.config.agent }))],
  });

  return {
    options,
    arms,
    rows,
    paired,
    openers,
    bounds,
    audit,
    verdict: auditVerdict,
    config,
    text() {
      const lines = [
        `The published 4-bit-lock benchmark (lock 1011, ${PUBLISHED_RUN.rounds} rounds × ${PUBLISHED_RUN.tasks} tasks, cap ${PUBLISHED_RUN.cap}), ` +
          (options.single ? `one replicate (seed ${options.seed}) — the article's scale` : `${replicates} replicates per arm, seed ${options.seed}`),
        `Hidden choices: ${describeHidden(options.hidden)}`,
        '',
        renderFigureTable(rows, options.single),
      ];
      if (options.single) lines.push('', 'One run of each arm, as the article reports them. Another seed (--seed N) gives another run.');
      if (!options.single) {
        lines.push(
          '',
          'Each published figure is one run of 30 tasks: "single runs 95%" is the central 95 % of single runs, "pctile" the',
          "published value's percentile among them, \"inside\" whether it lies in that range. \"exact\" is the exact expectation.",
          '',
          'Paired differences (arms share random numbers per replicate, round and task):',
          renderPaired(paired),
        );
      }
      lines.push(
        '',
        'Bounds: the published library against agents that use the feedback inside a task (no library; exact values from',
        '`hexa limits`; "gap" = library − opener, paired by replicate; "published gap" = the article\'s 4.2 − exact):',
        renderBounds(bounds),
      );
      if (audit !== null && auditVerdict !== null) {
        lines.push('', `Audit of the hidden choices (${audit.length} combinations, ${replicates} replicates each, best first):`, renderAudit(audit, AUDIT_SHOWN), '', renderVerdict(auditVerdict));
      }
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
        bounds: bounds.map((b) => ({ id: b.id, published: b.published, exact: b.exact?.exact ?? null, mean: b.mean, ci95: b.ci95, gap: b.gap, gapCi95: b.gapCi95 })),
      };
    },
    files() {
      const files: Record<string, string> = {
        'table.csv': toCsv(figureCsvRows(rows)),
        'paired.csv': toCsv(pairedCsvRows(paired)),
        'runs.csv': runsCsv,
        'bounds.csv': toCsv(boundsCsvRows(bounds)),
      };
      if (audit !== null) files['audit.csv'] = toCsv(auditCsvRows(audit));
      return files;
    },
  };
}

interface BenchmarkTables {
  readonly arms: ArmResult[];
  readonly openers: OpenerRuns[];
  readonly rows: FigureRow[];
  readonly paired: PairedDifference[];
  readonly bounds: GapRow[];
  readonly runsCsv: string;
}

/** Everything but the audit, from the runs of the arms and openers. */
function benchmarkTables(results: ReadonlyMap<string, SimulationResult>, armJobs: readonly RunJob[], openerJobs: readonly RunJob[], hidden: HiddenChoices): BenchmarkTables {
  const arms: ArmResult[] = ARMS.map((arm, i) => ({ arm, config: armJobs[i]!.config, replicates: replicatesOf(results, armJobs[i]!.key) }));
  const openers: OpenerRuns[] = OPENERS.map(({ id, label }, i) => ({ id, label, config: openerJobs[i]!.config, replicates: replicatesOf(results, openerJobs[i]!.key) }));
  return {
    arms,
    openers,
    rows: figureRows(figureValues(arms), hidden, uniformGuessingValue()),
    paired: pairedDifferences(new Map(arms.map((a) => [a.arm.id, a.replicates]))),
    bounds: openerGapRows(arms.find((a) => a.arm.id === 'exploit')!.replicates, openers),
    runsCsv: armRunsCsv([
      ...arms.map((a) => ({ arm: a.arm.id, config: a.config, replicates: a.replicates })),
      ...openers.map((o) => ({ arm: o.id, config: o.config, replicates: o.replicates })),
    ]),
  };
}

function replicatesOf(results: ReadonlyMap<string, SimulationResult>, key: string): ArmResult['replicates'] {
  const result = results.get(key)!;
  if (!('replicates' in result)) throw new Error(`reproduce: run ${key} came back without its replicates`);
  return result.replicates;
}
