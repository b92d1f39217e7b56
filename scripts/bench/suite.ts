/** `hexa bench` as a whole: which figures to take, in what order, and how to print them. */
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchReproduce, runEngineBench, type EngineBench, type ReproduceBench } from './bench.js';
import { benchModuleLock, type ModuleBench } from './moduleBench.js';
import { benchGuard, guardLine, type GuardBench } from './guardBench.js';
import { disturbance, loadAverage } from './wall.js';
import { benchStore, storeLines, type StoreBench } from './storeBench.js';
import { benchPlan, planLine, type PlanBench } from './planBench.js';
import { benchReport, reportLine, type ReportBench } from './reportBench.js';
import { benchExplorer, explorerLines, type ExplorerBench } from './explorerBench.js';
import {
  auditSpeedup,
  ceilingText,
  libraryDbFigure,
  commandTimes,
  COMMAND_GOALS,
  type CommandTimes,
  startupFigure,
  sweepSpeedup,
  SHORT_SWEEP,
  type LibraryDbFigure,
  type SpeedupFigure,
  type StartupFigure,
} from './wallFigures.js';

export interface BenchOptions {
  readonly seconds: number;
  readonly runs: number;
  readonly startup: boolean;
  readonly reproduce: boolean;
  readonly audit: boolean;
  readonly sweep: boolean;
  /** Time the exploitation arm with and without --library-db. */
  readonly libraryDb: boolean;
  /** The sweep store's writers: rows/s and bytes a row of CSV and Parquet, the Parquet writer's memory. */
  readonly store: boolean;
  /** Time `hexa reproduce`, `--audit` and `--calibrate` once each. */
  readonly commands: boolean;
  /** Time `hexa report` of a big sweep and of one with a tenth of its cells, with their peak memory. */
  readonly report: boolean;
  /** The explorer's page in Chromium: its size, first curve, engine against Node's, sweep grid against hexa sweep. */
  readonly explorer: boolean;
  /** A line about what is being timed now. */
  readonly onStep?: (line: string) => void;
}

export interface BenchSuite {
  readonly cores: number;
  /** Load averages (1, 5, 15 min) before and after. */
  readonly load: { readonly before: string; readonly after: string };
  readonly engine: EngineBench;
  /** The 4-bit arm in a world written as a JavaScript module, beside the built-in lock. */
  readonly lockModule: ModuleBench;
  /** What the run-time guard of a module world costs its attempts. */
  readonly guard: GuardBench;
  readonly startup?: StartupFigure;
  readonly reproduce?: ReproduceBench;
  readonly audit?: SpeedupFigure;
  readonly sweep?: SpeedupFigure;
  readonly libraryDb?: LibraryDbFigure;
  readonly store?: StoreBench;
  /** The plan of a 200 000-cell sweep, CPU seconds. */
  readonly plan: PlanBench;
  readonly commands?: CommandTimes;
  readonly report?: ReportBench;
  readonly explorer?: ExplorerBench;
}

export async function runBenchSuite(o: BenchOptions): Promise<BenchSuite> {
  const before = loadAverage();
  const step = o.onStep ?? ((): void => {});
  const dir = mkdtempSync(join(tmpdir(), 'hexa-bench-'));
  try {
    step('engine and bare loop…');
    const engine = await runEngineBench(o.seconds);
    const lockModule = await benchModuleLock(o.seconds);
    step('the run-time guard of a module world, in fresh processes…');
    const guard = benchGuard(Math.max(0.05, o.seconds / 4));
    if (o.startup) step('start-up…');
    const startup = o.startup ? startupFigure(o.runs) : undefined;
    const reproduce = o.reproduce ? await benchReproduce() : undefined;
    const each =
      (what: string) =>
      (workers: number, run: { seconds: number }): void =>
        step(`${what}, ${workers} worker(s): ${run.seconds.toFixed(2)} s`);
    const twoCores = availableParallelism() >= 2;
    const audit =
      o.audit && twoCores ? auditSpeedup(join(dir, 'audit'), o.runs, each('hexa reproduce --audit')) : undefined;
    const sweep =
      o.sweep && twoCores ? sweepSpeedup(join(dir, 'sweep'), o.runs, SHORT_SWEEP, each('short sweep')) : undefined;
    if (o.libraryDb) step('the exploitation arm with and without --library-db…');
    const libraryDb = o.libraryDb ? libraryDbFigure(join(dir, 'library-db'), o.runs) : undefined;
    if (o.store) step('sweep store: CSV and Parquet writers…');
    const store = o.store ? benchStore(join(dir, 'store')) : undefined;
    step('the plan of a 200 000-cell sweep…');
    const plan = benchPlan();
    const commands = o.commands
      ? commandTimes(join(dir, 'commands'), (what, run) =>
          step(`hexa reproduce (${what}): ${run.seconds.toFixed(1)} s`),
        )
      : undefined;
    const report = o.report ? benchReport(join(dir, 'report'), step) : undefined;
    if (o.explorer) step("the explorer's page in Chromium…");
    const explorer = o.explorer ? await benchExplorer(o.runs) : undefined;
    return {
      cores: availableParallelism(),
      load: { before, after: loadAverage() },
      engine,
      lockModule,
      guard,
      ...(startup !== undefined ? { startup } : {}),
      ...(reproduce !== undefined ? { reproduce } : {}),
      ...(audit !== undefined ? { audit } : {}),
      ...(sweep !== undefined ? { sweep } : {}),
      ...(libraryDb !== undefined ? { libraryDb } : {}),
      ...(store !== undefined ? { store } : {}),
      plan,
      ...(commands !== undefined ? { commands } : {}),
      ...(report !== undefined ? { report } : {}),
      ...(explorer !== undefined ? { explorer } : {}),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const m = (x: number): string => (x / 1e6).toFixed(1);

function speedupLine(what: string, s: SpeedupFigure): string {
  return (
    `${what}: 1 worker ${s.one.seconds.toFixed(2)} s (${disturbance(s.one)}), 2 workers ${s.two.seconds.toFixed(2)} ` +
    `s (${disturbance(s.two)}): ` +
    `${s.speedup.toFixed(2)}× (fastest undisturbed of ${s.runs[0]!.length} runs each; output ` +
    `${s.identical ? 'identical' : 'DIFFERENT'}); ` +
    ceilingText(s)
  );
}

export function renderBench(r: BenchSuite): string {
  const e = r.engine;
  const lines = [
    `${r.cores} cores; load average ${r.load.before} before, ${r.load.after} after`,
    `bare loop (one 32-bit draw, popcount score, hit count): ${m(e.bare)} M attempts per CPU second`,
    `4-bit lock, published exploitation arm: ${m(e.lock4.attemptsPerCpuSec)} M attempts per CPU second = ` +
      `${e.share.toFixed(2)} of the bare loop`,
    `the same arm played by the reference protocol (same draws, same attempts): ${m(e.reference)} M ` +
      `attempts per CPU second = ` +
      `${(e.reference / e.bare).toFixed(2)} of the bare loop; the engine runs at ` +
      `${(e.lock4.attemptsPerCpuSec / e.reference).toFixed(2)} of it`,
    `per attempt (CPU): ${e.sizes.map((s) => `${s.bits} bits ${s.nsPerAttempt.toFixed(1)} ns`).join(', ')}; 256-bit ` +
      `/ 4-bit ${e.ratio256.toFixed(1)}×`,
    `garbage collections during the 4-bit runs: ${e.collectionsPerMillion.toFixed(2)} per million attempts`,
    `4-bit lock as a JavaScript module (docs/examples/lock-world.mjs): ${m(r.lockModule.module.attemptsPerCpuSec)} M ` +
      `attempts per CPU second against ` +
      `${m(r.lockModule.builtIn.attemptsPerCpuSec)} M built-in (alternating, best of 3): ` +
      `${r.lockModule.slowdown.toFixed(2)}× the cost (target ≤ 1.3×)`,
    guardLine(r.guard),
  ];
  if (r.startup !== undefined) {
    lines.push(
      `hexa run (defaults) ${r.startup.run.seconds.toFixed(2)} s against hexa --help ` +
        `${r.startup.help.seconds.toFixed(2)} s: ${r.startup.ratio.toFixed(2)}× (fastest of each)`,
    );
  }
  if (r.reproduce !== undefined) {
    lines.push(
      `hexa reproduce in process (${r.reproduce.replicates} replicates × ${r.reproduce.arms} arms, no files): ` +
        `${r.reproduce.seconds.toFixed(2)} s (CPU ${r.reproduce.cpuSeconds.toFixed(2)} s)`,
    );
  }
  if (r.audit !== undefined) lines.push(speedupLine('hexa reproduce --audit', r.audit));
  if (r.sweep !== undefined) lines.push(speedupLine(`short sweep (${SHORT_SWEEP.join(' ')})`, r.sweep));
  if (r.libraryDb !== undefined) {
    const d = r.libraryDb;
    lines.push(
      `hexa run --replicates 1000 with --library-db ${d.with.seconds.toFixed(2)} s (${disturbance(d.with)}) ` +
        `against ${d.without.seconds.toFixed(2)} s without (${disturbance(d.without)}): ` +
        `${d.ratio.toFixed(2)}× (target ≤ 1.5×); the database ${(d.bytes / 1e6).toFixed(2)} MB (target ≤ 5 MB)`,
    );
  }
  if (r.store !== undefined) lines.push(...storeLines(r.store));
  lines.push(planLine(r.plan));
  if (r.commands !== undefined) {
    const c = r.commands;
    const one = (name: string, what: keyof CommandTimes): string =>
      c[what].stopped === true
        ? `${name} not finished at its goal of ${COMMAND_GOALS[what]} s (stopped there; CPU ` +
          `${c[what].cpuSeconds.toFixed(1)} s; ${disturbance(c[what])})`
        : `${name} ${c[what].seconds.toFixed(1)} s (goal ≤ ${COMMAND_GOALS[what]} s; CPU ` +
          `${c[what].cpuSeconds.toFixed(1)} s; ${disturbance(c[what])})`;
    lines.push(
      `whole commands, once each: ${one('hexa reproduce', 'reproduce')}, ${one('--audit', 'audit')}, ` +
        `${one('--calibrate', 'calibrate')}`,
    );
  }
  if (r.report !== undefined) lines.push(reportLine(r.report));
  if (r.explorer !== undefined) lines.push(...explorerLines(r.explorer));
  return lines.join('\n');
}
