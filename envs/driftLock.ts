/**
 * drift-lock-v1: the bit lock whose truth drifts — `flips` distinct bits, chosen at random, change value
 * every `every` tasks and/or before each task listed in `at`. Skills distilled before a drift go stale;
 * this is the world where exploration can pay. With no drift it is lock-v1, draw for draw.
 *
 * Drift is decided by the task's own 'drift' stream, never by the agent, so arms that differ only in
 * agent parameters see the same drifts at the same tasks.
 */
import type { Stream } from '../sim/core/rng.js';
import { EnvParamError, type EnvSpec, type ParamSpec, type TaskContext } from '../sim/core/world/env.js';
import { BITS, drawTruth, LockEnv, resolveLockParams, TRUTH } from './lock.js';
import { intParam, stringParam, taskListParam } from '../sim/core/world/params.js';

const FLIPS: ParamSpec = {
  name: 'flips',
  kind: 'int',
  min: 1,
  default: 1,
  describe: 'bits that change value at each drift (at most bits)',
};
const EVERY: ParamSpec = {
  name: 'every',
  kind: 'int',
  min: 0,
  default: 60,
  describe: 'drift before every m-th task of the run (tasks m, 2m …); 0 = never',
};
const AT: ParamSpec = {
  name: 'at',
  kind: 'string',
  default: '',
  describe:
    "drift before these tasks too, 0-based over the run (round × tasks + task), joined by '+', e.g. 75+150; empty = " +
    'none',
};
const EXTRA = [FLIPS, EVERY, AT];

export interface DriftSchedule {
  readonly flips: number;
  readonly every: number;
  readonly at: readonly number[];
}

/** Whether the truth drifts before task `t` (t = 0 never: the first task sees the initial truth). */
export function driftsAt(schedule: DriftSchedule, t: number): boolean {
  if (t === 0) return false;
  return (schedule.every > 0 && t % schedule.every === 0) || schedule.at.includes(t);
}

/** Pick `k` distinct positions of `n` uniformly (partial Fisher–Yates over a scratch index array). */
export function pickDistinct(stream: Stream, n: number, k: number, scratch: Int32Array): Int32Array {
  for (let i = 0; i < n; i++) scratch[i] = i;
  for (let i = 0; i < k; i++) {
    const j = i + Math.floor(stream.quick() * (n - i));
    const tmp = scratch[i]!;
    scratch[i] = scratch[j]!;
    scratch[j] = tmp;
  }
  return scratch.subarray(0, k);
}

export class DriftLockEnv extends LockEnv {
  private readonly scratch: Int32Array;
  /** Drifts so far (for analysis). */
  drifts = 0;

  constructor(
    id: string,
    hidden: Int32Array,
    private readonly schedule: DriftSchedule,
  ) {
    super(id, hidden);
    this.scratch = new Int32Array(hidden.length);
  }

  override reset(task: TaskContext): void {
    super.reset(task);
    if (!driftsAt(this.schedule, task.taskIndex)) return;
    const flipped = pickDistinct(task.stream('drift'), this.hidden.length, this.schedule.flips, this.scratch);
    for (const p of flipped) this.flip(p);
    this.drifts++;
  }
}

function resolveDrift(
  params: Readonly<Record<string, number | string>>,
): { bits: number; truth: string } & DriftSchedule {
  const { bits, truth } = resolveLockParams(params, 'drift-lock-v1', EXTRA);
  const flips = intParam(params, FLIPS);
  if (flips > bits) throw new EnvParamError('flips', flips, `must be at most bits=${bits}`);
  const every = intParam(params, EVERY);
  const at = taskListParam('at', stringParam(params, AT));
  return { bits, truth, flips, every, at };
}

export const driftLockV1: EnvSpec = {
  id: 'drift-lock-v1',
  summary: 'bit lock whose truth flips k bits every m tasks (or at given tasks): stale skills',
  params: [BITS, TRUTH, ...EXTRA],
  exactRandomControl: true,
  feedback: 'matches',
  resolve(params) {
    const r = resolveDrift(params);
    return { bits: r.bits, truth: r.truth, flips: r.flips, every: r.every, at: r.at.join('+') };
  },
  create(params, world) {
    const r = resolveDrift(params);
    return new DriftLockEnv('drift-lock-v1', drawTruth(r.truth, r.bits, world), r);
  },
};
