/**
 * Whole-command timings for `hexa bench` and `npm run bench:sweep`: each command is spawned afresh, the
 * variants alternate (A, B, A, B …), and each run also records how much CPU other processes took
 * meanwhile (Linux: /proc/stat minus the run's own CPU time), so the summary can use the least disturbed
 * run of each variant. The machine may be shared: a figure without the disturbance beside it means little.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { at } from '../../sim/core/at.js';

/** The built CLI (from the sources, e.g. under vitest, the one `npm run build` put in dist/). */
export const HEXA = fileURLToPath(
  new URL(import.meta.url.endsWith('.ts') ? '../../dist/scripts/hexa.js' : '../hexa.js', import.meta.url),
);
const TICK = 0.01; // USER_HZ: /proc times are in 1/100 s on Linux

export interface WallRun {
  readonly seconds: number;
  /** CPU seconds of the command itself (all its threads). */
  readonly cpuSeconds: number;
  /** CPU seconds other processes used during the run (undefined off Linux). */
  readonly others: number | undefined;
  /** Stopped at its deadline: `seconds` is then how long it ran, not how long it takes. */
  readonly stopped?: true;
}

/** Busy CPU seconds of the whole machine, and CPU seconds of this process's finished children. */
function cpu(): { machine: number; children: number } | undefined {
  if (!existsSync('/proc/stat')) return undefined;
  const f = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const busy = f.reduce((a, b) => a + b, 0) - at(f, 3, '/proc/stat cpu idle') - at(f, 4, '/proc/stat cpu iowait');
  const self = readFileSync('/proc/self/stat', 'utf8');
  const fields = self.slice(self.lastIndexOf(')') + 2).split(' ');
  return { machine: busy * TICK, children: (Number(fields[13]) + Number(fields[14])) * TICK };
}

/** Run `hexa …args` once (`node`: options for Node itself, `env`: more variables); throws if it fails. */
export function timeHexa(
  args: readonly string[],
  more: {
    readonly node?: readonly string[];
    readonly env?: Readonly<Record<string, string>>;
    /** Stop the command after this many seconds (a command far over its goal would hold the bench for hours). */
    readonly deadlineSeconds?: number;
  } = {},
): WallRun {
  const before = cpu();
  const start = performance.now();
  const r = spawnSync(process.execPath, [...(more.node ?? []), HEXA, ...args], {
    stdio: ['ignore', 'ignore', 'pipe'],
    encoding: 'utf8',
    env: { ...process.env, ...more.env },
    ...(more.deadlineSeconds === undefined ? {} : { timeout: more.deadlineSeconds * 1000, killSignal: 'SIGKILL' }),
  });
  const seconds = (performance.now() - start) / 1000;
  const after = cpu();
  const stopped = more.deadlineSeconds !== undefined && r.status === null && r.signal === 'SIGKILL';
  if (r.status !== 0 && !stopped)
    throw new Error(`hexa ${args.join(' ')} exited ${r.status}: ${r.stderr.split('\n')[0]}`);
  const own = before && after ? after.children - before.children : NaN;
  const others = before && after ? Math.max(0, after.machine - before.machine - own) : undefined;
  return stopped ? { seconds, cpuSeconds: own, others, stopped } : { seconds, cpuSeconds: own, others };
}

/**
 * Disturbances this close to the least count as equal. /proc/stat counts in ticks of 0.01 s per CPU, read at
 * both ends of a run, less the run's own ticks: runs during which nothing else ran differ by a few ticks.
 */
export const DISTURBANCE_RESOLUTION = 0.05;

/**
 * The least disturbed run: the fastest of those whose disturbance is within DISTURBANCE_RESOLUTION of the
 * least. (Ranking by the disturbance alone would pick among undisturbed runs by a tick of noise.)
 */
export function leastDisturbed(runs: readonly WallRun[]): WallRun {
  const least = Math.min(...runs.map((r) => r.others ?? 0));
  return fastest(runs.filter((r) => (r.others ?? 0) <= least + DISTURBANCE_RESOLUTION));
}

/** The fastest run (for short commands, where a run is too brief for disturbance to be measured). */
export function fastest(runs: readonly WallRun[]): WallRun {
  return [...runs].sort((a, b) => a.seconds - b.seconds)[0]!;
}

/** Variants run alternately `runs` times each; `onRun` after every run (e.g. to print progress). */
export function alternate(
  variants: readonly (readonly string[])[],
  runs: number,
  onRun?: (variant: number, run: WallRun) => void,
): WallRun[][] {
  const all: WallRun[][] = variants.map(() => []);
  for (let i = 0; i < runs; i++) {
    variants.forEach((args, v) => {
      const run = timeHexa(args);
      all[v]!.push(run);
      onRun?.(v, run);
    });
  }
  return all;
}

/** The 1-, 5- and 15-minute load averages (Linux), as the figures' context. */
export function loadAverage(): string {
  if (!existsSync('/proc/loadavg')) return 'unknown';
  return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' / ');
}

/** "(others used 0.42 CPU-s)" or ''. */
export function disturbance(run: WallRun): string {
  return run.others === undefined ? '' : `others ${run.others.toFixed(2)} CPU-s`;
}
