/**
 * The benchmark's whole-command figures: `hexa run` start-up against `hexa --help`, and what a second
 * worker buys the audit and a short sweep (each variant spawned afresh, alternating; see wall.ts). Each
 * speed-up also checks that both worker counts wrote the same files.
 */
import { mkdirSync, readFileSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { alternate, fastest, leastDisturbed, timeHexa, type WallRun } from './wall.js';

export interface StartupFigure {
  /** `hexa run` with its defaults (one replicate of the published arm). */
  readonly run: WallRun;
  readonly help: WallRun;
  /** run / help, fastest of each. */
  readonly ratio: number;
}

export function startupFigure(runs: number): StartupFigure {
  const [help, run] = alternate([['--help'], ['run']], runs).map(fastest) as [WallRun, WallRun];
  return { run, help, ratio: run.seconds / help.seconds };
}

export interface SpeedupFigure {
  readonly one: WallRun;
  readonly two: WallRun;
  /** one / two, the fastest undisturbed run of each (see `leastDisturbed`). */
  readonly speedup: number;
  /**
   * Cores the one-worker run kept busy (its CPU-s over its seconds): above 1, its compiler and collector threads used
   * another.
   */
  readonly oneCores: number;
  /**
   * The cores the machine has, and the most the speed-up could be on them given the CPU the two-worker run needed (see
   * `speedupCeiling`).
   */
  readonly cores: number;
  readonly ceiling: number;
  /** Whether both worker counts wrote byte-identical files. */
  readonly identical: boolean;
  /** Every run, 1 worker then 2, for the record. */
  readonly runs: readonly (readonly WallRun[])[];
}

/**
 * The largest speed-up `two` could have shown over `one` on `cores` cores: a run that needs C CPU-seconds
 * takes at least C / cores seconds. On two cores this is the limit whatever the scheduling — the CPU the
 * second worker costs (its own start and compilation) and the helper threads the one-worker run kept busy
 * on the other core are already in it.
 */
export function speedupCeiling(one: WallRun, two: WallRun, cores: number): number {
  return (one.seconds * cores) / two.cpuSeconds;
}

/** "1 worker kept 1.06 cores busy, 2 workers needed 2.64 CPU-s: at most 1.70× on 2 cores". */
export function ceilingText(s: SpeedupFigure): string {
  return (
    `1 worker kept ${s.oneCores.toFixed(2)} cores busy, 2 workers needed ${s.two.cpuSeconds.toFixed(2)} CPU-s: ` +
    `at most ${s.ceiling.toFixed(2)}× on ${s.cores} cores`
  );
}

function speedup(
  args: (workers: number, out: string) => string[],
  dir: string,
  files: readonly string[],
  runs: number,
  onRun?: (workers: number, run: WallRun) => void,
): SpeedupFigure {
  mkdirSync(dir, { recursive: true });
  const out = (w: number): string => join(dir, `w${w}`);
  const all = alternate([args(1, out(1)), args(2, out(2))], runs, (v, run) => onRun?.(v + 1, run));
  const [one, two] = all.map(leastDisturbed) as [WallRun, WallRun];
  const identical = files.every((f) => readFileSync(join(out(1), f)).equals(readFileSync(join(out(2), f))));
  const cores = availableParallelism();
  return {
    one,
    two,
    speedup: one.seconds / two.seconds,
    oneCores: one.cpuSeconds / one.seconds,
    cores,
    ceiling: speedupCeiling(one, two, cores),
    identical,
    runs: all,
  };
}

/**
 * The speed-up's audit: `hexa reproduce --audit` at 1000 replicates per reading (every combination of the
 * hidden choices), so that three runs of each worker count stay short; the full audit is timed once below.
 */
export function auditSpeedup(
  dir: string,
  runs: number,
  onRun?: (workers: number, run: WallRun) => void,
): SpeedupFigure {
  const args = (w: number, out: string): string[] => [
    'reproduce',
    '--audit',
    '--audit-replicates',
    '1000',
    '--workers',
    String(w),
    '--out',
    out,
    '--force',
  ];
  return speedup(args, dir, ['audit.csv', 'table.csv', 'runs.csv'], runs, onRun);
}

/** The reproduction's three commands, each run once on the default workers, with their goals in seconds. */
export interface CommandTimes {
  readonly reproduce: WallRun;
  readonly audit: WallRun;
  readonly calibrate: WallRun;
}

export const COMMAND_GOALS: Readonly<Record<keyof CommandTimes, number>> = { reproduce: 10, audit: 60, calibrate: 300 };

export function commandTimes(dir: string, onRun?: (what: string, run: WallRun) => void): CommandTimes {
  mkdirSync(dir, { recursive: true });
  // Each command stops at its goal: past it the figure is a miss however long the rest would take.
  const time = (what: keyof CommandTimes, flags: readonly string[]): WallRun => {
    const run = timeHexa(['reproduce', ...flags, '--quiet', '--force', '--out', join(dir, what)], {
      deadlineSeconds: COMMAND_GOALS[what],
    });
    onRun?.(what, run);
    return run;
  };
  return {
    reproduce: time('reproduce', []),
    audit: time('audit', ['--audit']),
    calibrate: time('calibrate', ['--calibrate']),
  };
}

/**
 * A short sweep: the grid of `npm run bench:sweep` (40 cells) at 1500 replicates — 3 seconds on one worker when chosen,
 * about 2.2 s now.
 */
export const SHORT_SWEEP = ['--explore', '0:0.19:0.01', '--threshold', '0.8,0.9', '--replicates', '1500'];

/** A sweep of `grid` flags. */
export function sweepSpeedup(
  dir: string,
  runs: number,
  grid: readonly string[] = SHORT_SWEEP,
  onRun?: (workers: number, run: WallRun) => void,
): SpeedupFigure {
  const args = (w: number, out: string): string[] => [
    'sweep',
    ...grid,
    '--quiet',
    '--force',
    '--workers',
    String(w),
    '--out',
    out,
  ];
  return speedup(args, dir, ['results.csv'], runs, onRun);
}

export interface LibraryDbFigure {
  /** `hexa run --replicates 1000` (the published exploitation arm), without and with `--library-db`. */
  readonly without: WallRun;
  readonly with: WallRun;
  /** with / without, the least disturbed run of each. */
  readonly ratio: number;
  /** The database's size in bytes. */
  readonly bytes: number;
}

/** What writing every skill's life to a database costs the 1000-replicate exploitation arm (alternating runs). */
export function libraryDbFigure(dir: string, runs: number): LibraryDbFigure {
  mkdirSync(dir, { recursive: true });
  const db = join(dir, 'library.sqlite');
  const arm = ['run', '--replicates', '1000', '--quiet'];
  const [without, withDb] = alternate([arm, [...arm, '--library-db', db, '--force']], runs).map(leastDisturbed) as [
    WallRun,
    WallRun,
  ];
  return { without, with: withDb, ratio: withDb.seconds / without.seconds, bytes: statSync(db).size };
}
