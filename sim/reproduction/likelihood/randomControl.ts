/**
 * The random control in closed form. Without a library every attempt guesses uniformly among all S codes,
 * so a task's attempts are a geometric count capped at C (an unsolved task counts C), tasks are independent,
 * and a round's total is the convolution of `tasks` of them. The joint probability that the five published
 * round means all round to the printed values is the product of five window probabilities — no Monte Carlo
 * error, and the same under every reading (the control has no hidden choice to read).
 */
import { PUBLISHED_RUN } from '../../experiment/config.js';
import { figuresOf, type FigureId } from '../figures.js';
import { spaceSize } from '../../limits/anchors.js';
import { windowOf, type Window } from './windows.js';

/** P(attempts = k) for k = 0 … cap (index 0 unused): uniform guessing among `space` codes, capped. */
export function cappedGeometric(space: number, cap: number): Float64Array {
  const p = 1 / space;
  const out = new Float64Array(cap + 1);
  for (let k = 1; k < cap; k++) out[k] = (1 - p) ** (k - 1) * p;
  out[cap] = (1 - p) ** (cap - 1);
  return out;
}

/** P(round total = s) for s = 0 … tasks · cap: the `tasks`-fold convolution of one task's attempts. */
export function roundTotalDistribution(space: number, cap: number, tasks: number): Float64Array {
  const one = cappedGeometric(space, cap);
  let dist = Float64Array.of(1);
  for (let t = 0; t < tasks; t++) {
    const next = new Float64Array(dist.length + cap);
    for (let s = 0; s < dist.length; s++) {
      if (dist[s] === 0) continue;
      for (let k = 1; k <= cap; k++) next[s + k]! += dist[s]! * one[k]!;
    }
    dist = next;
  }
  return dist;
}

/** P(the round mean lies in [lo, hi)) for a round of `tasks` tasks with total distribution `dist`. */
export function roundMeanMass(dist: Float64Array, tasks: number, lo: number, hi: number): number {
  let mass = 0;
  for (let s = 0; s < dist.length; s++) {
    const mean = s / tasks;
    if (mean >= lo && mean < hi) mass += dist[s]!;
  }
  return mass;
}

let published: Float64Array | null = null;

/** The round total's distribution under the published protocol (computed once). */
function publishedRoundTotals(): Float64Array {
  const space = Number(spaceSize(Number(PUBLISHED_RUN.envParams.bits), 2));
  return (published ??= roundTotalDistribution(space, PUBLISHED_RUN.cap, PUBLISHED_RUN.tasks));
}

/**
 * The random control's joint probability of round means in the given windows (by default the published
 * ones), under the published protocol.
 */
export function randomControlProbability(windows: ReadonlyMap<FigureId, Window> = new Map()): number {
  const dist = publishedRoundTotals();
  return figuresOf('random').reduce((p, f) => {
    const w = windows.get(f.id) ?? windowOf(f);
    return p * roundMeanMass(dist, PUBLISHED_RUN.tasks, w.lo, w.hi);
  }, 1);
}
