/**
 * Synthetic readings whose figure distributions are known in closed form, for the likelihood tests: the
 * exploration arm's final round is the mean of 30 tasks of uniform guessing among `space` codes (capped at
 * 20), its skill count an independent draw from a given distribution. Random numbers from keyed streams.
 */
import { ReplicateKey, type Stream } from '../../../../sim/core/rng.js';
import type { FigureId } from '../../../../sim/reproduction/figures.js';

export interface SyntheticReading {
  readonly space: number;
  /** P(skills = 0), P(skills = 1), P(skills = 2). */
  readonly skills: readonly [number, number, number];
}

const TASKS = 30;
const CAP = 20;

function attempts(stream: Stream, space: number): number {
  for (let k = 1; k < CAP; k++) if (stream.quick() < 1 / space) return k;
  return CAP;
}

/** n runs of the synthetic exploration arm, drawn from (seed, run). */
export function syntheticValues(reading: SyntheticReading, n: number, seed: number): Map<FigureId, Float64Array> {
  const final = new Float64Array(n);
  const skills = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const stream = new ReplicateKey(seed, i).stream('guess');
    let total = 0;
    for (let t = 0; t < TASKS; t++) total += attempts(stream, reading.space);
    final[i] = total / TASKS;
    const u = stream.quick();
    skills[i] = u < reading.skills[0] ? 0 : u < reading.skills[0] + reading.skills[1] ? 1 : 2;
  }
  return new Map<FigureId, Float64Array>([
    ['explore.final', final],
    ['explore.skills', skills],
  ]);
}
