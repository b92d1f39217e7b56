/**
 * Which hidden choices no figure can tell apart: two readings that differ only in one choice are the same
 * publication if every arm's runs give the same figures, run by run (each arm draws the same random
 * numbers under every reading). Arms the choice cannot reach share one simulation outright (same key).
 * Counted over the readings given (the credible ones) and each of their twins in the choice.
 */
import { HIDDEN_CHOICES, type HiddenChoices, type HiddenKey } from '../arms.js';
import type { FigureId } from '../figures.js';

export interface SameRuns {
  readonly key: HiddenKey;
  /** Arm runs compared (over the readings' twins), and how many gave identical figures. */
  readonly runs: number;
  readonly identical: number;
}

/** A reading's arms: each arm's simulation key, and the simulations' figure values by key. */
export interface Simulations {
  readonly grid: readonly HiddenChoices[];
  readonly keys: readonly (readonly string[])[];
  readonly values: ReadonlyMap<string, ReadonlyMap<FigureId, Float64Array>>;
}

const readingKey = (h: HiddenChoices): string => HIDDEN_CHOICES.map((c) => h[c.key]).join('|');

const same = (a: number, b: number): boolean => a === b || (Number.isNaN(a) && Number.isNaN(b));

/** Runs of two simulations giving identical figures. */
function identicalRuns(a: ReadonlyMap<FigureId, Float64Array>, b: ReadonlyMap<FigureId, Float64Array>): number {
  const columns = [...a].map(([id, v]) => [v, b.get(id)!] as const);
  const n = columns[0]?.[0].length ?? 0;
  let count = 0;
  for (let i = 0; i < n; i++) if (columns.every(([x, y]) => same(x[i]!, y[i]!))) count++;
  return count;
}

export function sameRuns(sims: Simulations, readings: readonly number[]): SameRuns[] {
  const index = new Map(sims.grid.map((h, i) => [readingKey(h), i]));
  const memo = new Map<string, number>();
  return HIDDEN_CHOICES.map((c) => {
    let runs = 0;
    let identical = 0;
    for (const r of readings) {
      for (const value of c.values) {
        if (value === sims.grid[r]![c.key]) continue;
        const twin = index.get(readingKey({ ...sims.grid[r]!, [c.key]: value }));
        if (twin === undefined) continue;
        sims.keys[r]!.forEach((ka, arm) => {
          const kb = sims.keys[twin]![arm]!;
          const n = sims.values.get(ka)!.values().next().value!.length;
          runs += n;
          if (ka === kb) identical += n;
          else {
            const pair = ka < kb ? `${ka}\n${kb}` : `${kb}\n${ka}`;
            let k = memo.get(pair);
            if (k === undefined) memo.set(pair, (k = identicalRuns(sims.values.get(ka)!, sims.values.get(kb)!)));
            identical += k;
          }
        });
      }
    }
    return { key: c.key, runs, identical };
  });
}
