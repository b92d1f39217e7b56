/**
 * noisy-lock-v1: the bit lock whose feedback is off by one (up or down, equally likely) with probability
 * q. At the ends the error reflects inward (0 reads as 1, N as N − 1), so a noisy score is always off by
 * exactly one. The lock still opens only on the right code. With q = 0 it is lock-v1, draw for draw:
 * the noise comes from the task's own 'feedback' stream, which nothing else reads.
 */
import type { Stream } from '../sim/core/rng.js';
import type { EnvSpec, Feedback, ParamSpec, TaskContext } from '../sim/core/world/env.js';
import { BITS, drawTruth, LockEnv, resolveLockParams, TRUTH } from './lock.js';
import { numberParam } from '../sim/core/world/params.js';

const Q: ParamSpec = { name: 'q', kind: 'rate', default: 0.1, describe: 'probability that the score is off by ±1' };

export class NoisyLockEnv extends LockEnv {
  private noise: Stream | null = null;

  constructor(
    id: string,
    hidden: Int32Array,
    private readonly q: number,
  ) {
    super(id, hidden);
  }

  override reset(task: TaskContext): void {
    super.reset(task);
    this.noise = this.q > 0 ? task.stream('feedback') : null;
  }

  protected override answer(score: number): Feedback {
    const feedback = super.answer(score);
    const noise = this.noise;
    if (noise !== null) {
      // Two draws per attempt whatever happens, so paired arms stay aligned on the noise.
      const hit = noise.quick() < this.q;
      const up = noise.quick() < 0.5;
      if (hit) {
        const s = feedback.score;
        feedback.score = s === 0 ? 1 : s === this.maxScore ? s - 1 : up ? s + 1 : s - 1;
      }
    }
    return feedback;
  }
}

function resolveNoisy(params: Readonly<Record<string, number | string>>): { bits: number; truth: string; q: number } {
  const { bits, truth } = resolveLockParams(params, 'noisy-lock-v1', [Q]);
  return { bits, truth, q: numberParam(params, Q) };
}

export const noisyLockV1: EnvSpec = {
  id: 'noisy-lock-v1',
  summary: 'bit lock whose feedback is off by ±1 with probability q: feedback quality',
  params: [BITS, TRUTH, Q],
  exactRandomControl: true,
  feedback: 'matches',
  resolve(params) {
    return resolveNoisy(params);
  },
  create(params, world) {
    const r = resolveNoisy(params);
    return new NoisyLockEnv('noisy-lock-v1', drawTruth(r.truth, r.bits, world), r.q);
  },
};
