/**
 * Bench row for the run-time guard of module worlds (sim/agent/plugins/worldGuard.ts): what it costs a run, as
 * the share of attempts per CPU second the 4-bit module world loses to it. The guarded and the unguarded world
 * each run in fresh processes (guardProbe.ts), in adjacent pairs (the order alternating), and the cost is the
 * median over the pairs of one run's figure against its partner's: a shared machine's speed drifts over
 * seconds, so two runs side by side see nearly the same machine. Target: at most 3 %. The probes run with
 * `--single-threaded` (the process's CPU time then counts the run's own thread only, not the compiler's and
 * collector's helper threads, whose share varies from one process to the next) and on one processor, each timed
 * after a warm-up of its own (guardProbe.ts's GUARD_WARM_UP) whose rate, the compiler's work included, the row
 * gives beside: the once-a-process cost of the guard's code, apart from what it costs an attempt.
 */
import { spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { EngineFigure } from './bench.js';
import { GUARD_WARM_UP, type GuardVariant } from './guardProbe.js';

/** The most the guard may cost, as a share of the unguarded world's attempts per CPU second. */
export const GUARD_GOAL = 0.03;

export const PROBE = fileURLToPath(
  new URL(
    import.meta.url.endsWith('.ts') ? '../../dist/scripts/bench/guardProbe.js' : './guardProbe.js',
    import.meta.url,
  ),
);

export interface GuardBench {
  /** The best run of each variant. */
  readonly guarded: EngineFigure;
  readonly unguarded: EngineFigure;
  /** Median over the pairs of unguarded attempts per CPU second over guarded ones, less one. */
  readonly cost: number;
  /** The lowest and highest pair's cost. */
  readonly range: readonly [number, number];
  /** Pairs run. */
  readonly runs: number;
  /** Median attempts per CPU second of each variant's warm-up, the compiler's work included. */
  readonly warmUp: { readonly guarded: number; readonly unguarded: number };
}

/** One figure of a variant, from a fresh process. */
export type GuardProbe = (variant: GuardVariant, seconds: number) => EngineFigure;

/**
 * The command a probe runs under: on one processor where `taskset` is there (Linux), the same for both variants.
 * Left to move between processors, a probe here ran now and then at two thirds of its speed, whichever variant
 * it was, which made a pair's cost anything from −35 % to +70 %.
 */
function probeCommand(): readonly string[] {
  const cpu = String(availableParallelism() - 1);
  return spawnSync('taskset', ['-c', cpu, 'true']).status === 0 ? ['taskset', '-c', cpu] : [];
}

let pinned: readonly string[] | null = null;

const spawned: GuardProbe = (variant, seconds) => {
  const args = [...(pinned ??= probeCommand()), process.execPath, '--single-threaded', PROBE, variant];
  const r = spawnSync(args[0]!, [...args.slice(1), 'seconds', String(seconds)], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`guard probe (${variant}) failed: ${r.stderr.trim().split('\n')[0] ?? ''}`);
  return JSON.parse(r.stdout) as EngineFigure;
};

/** `runs` pairs, the order alternating, and what they say (see `guardSummary`). */
export function benchGuard(seconds = 0.5, runs = 9, probe: GuardProbe = spawned): GuardBench {
  const pairs: [guarded: EngineFigure, unguarded: EngineFigure][] = [];
  for (let run = 0; run < runs; run++) {
    if (run % 2 === 0) {
      const g = probe('guarded', seconds);
      pairs.push([g, probe('unguarded', seconds)]);
    } else {
      const u = probe('unguarded', seconds);
      pairs.push([probe('guarded', seconds), u]);
    }
  }
  return guardSummary(pairs);
}

/** The best figure of each variant, and the median and range of the pairs' costs. */
export function guardSummary(
  pairs: readonly (readonly [guarded: EngineFigure, unguarded: EngineFigure])[],
): GuardBench {
  const best = (figures: readonly EngineFigure[]): EngineFigure =>
    figures.reduce((a, b) => (b.attemptsPerCpuSec > a.attemptsPerCpuSec ? b : a));
  const costs = pairs.map(([g, u]) => u.attemptsPerCpuSec / g.attemptsPerCpuSec - 1).sort((a, b) => a - b);
  const warm = (side: 0 | 1): number => median(pairs.map((p) => p[side].warmUpAttemptsPerCpuSec));
  return {
    guarded: best(pairs.map((p) => p[0])),
    unguarded: best(pairs.map((p) => p[1])),
    cost: median(costs),
    range: [costs[0]!, costs.at(-1)!],
    runs: pairs.length,
    warmUp: { guarded: warm(0), unguarded: warm(1) },
  };
}

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 === 1 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

export function guardLine(g: GuardBench): string {
  const m = (x: number): string => (x / 1e6).toFixed(1);
  const pct = (x: number): string => `${(x * 100).toFixed(1)} %`;
  return (
    `run-time guard of a module world's feedback (4-bit module lock, ${g.runs} pairs of fresh processes): ` +
    `${m(g.guarded.attemptsPerCpuSec)} M attempts per CPU second guarded against ` +
    `${m(g.unguarded.attemptsPerCpuSec)} M unguarded (best of each); a cost of ${pct(g.cost)}, median of the ` +
    `pairs (${pct(g.range[0])} … ${pct(g.range[1])}; target ≤ ${pct(GUARD_GOAL)}), each timed after a warm-up of ` +
    `${GUARD_WARM_UP} CPU-s, in which, the compiler's work included, they ran ${m(g.warmUp.guarded)} and ` +
    `${m(g.warmUp.unguarded)} M (medians)`
  );
}
