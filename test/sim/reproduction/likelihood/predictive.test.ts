import { describe, expect, it } from 'vitest';
import { ReplicateKey } from '../../../../sim/core/rng.js';
import { FIGURES, type FigureId } from '../../../../sim/reproduction/figures.js';
import { DISTANCE_FIGURES, predictiveCheck } from '../../../../sim/reproduction/likelihood/predictive.js';

/** Standard normal draws by Box–Muller from a keyed stream. */
function normals(seed: number, n: number): Float64Array {
  const s = new ReplicateKey(seed, 0).stream('guess');
  return Float64Array.from(
    { length: n },
    () => Math.sqrt(-2 * Math.log(1 - s.quick())) * Math.cos(2 * Math.PI * s.quick()),
  );
}

/** Every figure independent normal around published + shift[id], sd 1. */
function values(n: number, shift: (id: FigureId) => number): Map<FigureId, Float64Array> {
  return new Map(FIGURES.map((f, k) => [f.id, normals(100 + k, n).map((z) => f.published + shift(f.id) + z)]));
}

describe('posterior predictive check', () => {
  it('reads every figure but the implied rate and the "at least" claim', () => {
    expect(DISTANCE_FIGURES.map((f) => f.id)).not.toContain('exploit.refutationRate');
    expect(DISTANCE_FIGURES.map((f) => f.id)).not.toContain('threshold75.skills');
    expect(DISTANCE_FIGURES).toHaveLength(FIGURES.length - 2);
  });

  it('every figure one sd off: the distance is about 17 its p-value that of χ² with 17 degrees of freedom', () => {
    const n = 20_000;
    const c = predictiveCheck(values(n, () => 1));
    expect(c.figures).toBe(17);
    expect(c.distance).toBeGreaterThan(17 * 0.95);
    expect(c.distance).toBeLessThan(17 * 1.05);
    // P(χ²₁₇ ≥ 17) = 0.45437; the article's own distance moves with the estimated means and sds.
    const chi2AtDistance = 0.45437;
    expect(Math.abs(c.pValue - chi2AtDistance)).toBeLessThan(4 * Math.sqrt(0.25 / n) + 0.01);
    for (const x of c.contributions) expect(x.share).toBeGreaterThan(0.5 / 17);
  });

  it('names the figure contributing most, and finds a publication far off rare', () => {
    const c = predictiveCheck(values(5000, (id) => (id === 'exploit.final' ? 8 : 0)));
    expect(c.contributions[0]!.id).toBe('exploit.final');
    expect(c.contributions[0]!.z).toBeLessThan(-7.5);
    expect(c.contributions[0]!.share).toBeGreaterThan(0.7);
    expect(c.contributions.reduce((s, x) => s + x.share, 0)).toBeCloseTo(1, 12);
    expect(c.pValue).toBeLessThan(0.01);
    expect(c.medianDistance).toBeGreaterThan(12);
    expect(c.medianDistance).toBeLessThan(20);
  });
});
