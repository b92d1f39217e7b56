import { describe, expect, it } from 'vitest';
import { ReplicateKey } from '../../../../sim/core/rng.js';
import { FIGURES, findFigure, type FigureId } from '../../../../sim/reproduction/figures.js';
import { normalDraw } from '../../../../sim/reproduction/likelihood/posterior.js';
import {
  checkPValues,
  DISTANCE_FIGURES,
  predictiveCheck,
  twoSidedTail,
} from '../../../../sim/reproduction/likelihood/predictive.js';

const N = 5000;

/**
 * Every figure normal around its published value (discrete ones equal to it), sd 1; the exploitation arm's
 * round 2 and tests correlated at `r`, their means set so the article lies `off` sds off their common axis.
 */
function values(r: number, off: number): Map<FigureId, Float64Array> {
  const s = new ReplicateKey(3, 0).stream('bootstrap');
  const out = new Map<FigureId, Float64Array>();
  for (const f of FIGURES) {
    const discrete = !f.smooth && f.impliedBy === undefined;
    out.set(
      f.id,
      Float64Array.from({ length: N }, () => (discrete ? f.published : f.published + normalDraw(s))),
    );
  }
  const z = Float64Array.from({ length: N }, () => normalDraw(s));
  const round2 = findFigure('exploit.round2').published;
  const tests = findFigure('exploit.tests').published;
  out.set(
    'exploit.round2',
    z.map((x) => round2 + off / 2 + x),
  );
  out.set(
    'exploit.tests',
    z.map((x) => tests - off / 2 + r * x + Math.sqrt(1 - r * r) * normalDraw(s)),
  );
  return out;
}

describe('predictive check respecting correlation', () => {
  it('reads every figure but the implied rate and the "at least" claim', () => {
    expect(DISTANCE_FIGURES.map((f) => f.id)).not.toContain('exploit.refutationRate');
    expect(DISTANCE_FIGURES.map((f) => f.id)).not.toContain('threshold75.skills');
    expect(DISTANCE_FIGURES).toHaveLength(FIGURES.length - 2);
  });

  it('finds an article off the figures’ common axis an outlier though each figure alone is ordinary', () => {
    const c = predictiveCheck(values(0.95, 2));
    const exploit = c.arms.find((a) => a.arm === 'exploit')!;
    // Each of round 2 and the tests is one sd from its mean …
    expect(
      twoSidedTail(values(0.95, 2).get('exploit.tests')!, findFigure('exploit.tests').published).pValue,
    ).toBeGreaterThan(0.2);
    // … but together they sit (1 + 1)/√(2(1 − 0.95)) ≈ 6.3 sds off the axis.
    expect(exploit.pValue).toBeLessThan(0.01);
    expect(c.joint.pValue).toBeLessThan(0.05);
    expect(['exploit.round2', 'exploit.tests']).toContain(exploit.worst!.id);
    expect(Math.abs(exploit.worst!.z)).toBeGreaterThan(2.5);
    // The other arms are where they should be.
    expect(c.arms.find((a) => a.arm === 'random')!.pValue).toBeGreaterThan(0.01);
  });

  it('names as most out of line only a figure on a continuous scale, never a narrow count', () => {
    // The exploitation arm's skills (a count of 0–2) at 0 in 97 runs of 100, the article's 2 far out in z.
    const v = values(0.95, 2);
    const s = new ReplicateKey(4, 0).stream('bootstrap');
    v.set(
      'exploit.skills',
      Float64Array.from({ length: N }, () => (s.quick() < 0.97 ? 0 : 1)),
    );
    const c = predictiveCheck(v);
    const named = [c.joint.worst, ...c.arms.map((a) => a.worst)].filter((w) => w !== null);
    expect(named.length).toBeGreaterThan(0);
    for (const w of named) expect(findFigure(w!.id).smooth).toBe(true);
    // The count still counts in the distance: the arm is an outlier by it.
    expect(c.arms.find((a) => a.arm === 'exploit')!.pValue).toBeLessThan(0.01);
  });

  it('finds the same article ordinary when the two do not correlate', () => {
    const c = predictiveCheck(values(0, 2));
    expect(c.arms.find((a) => a.arm === 'exploit')!.pValue).toBeGreaterThan(0.1);
  });

  it('checks each arm’s continuous figures given its discrete ones, and lists every p-value', () => {
    const c = predictiveCheck(values(0.95, 2));
    const given = c.conditional.find((k) => k.arm === 'exploit')!;
    expect(given.given).toEqual(['exploit.firstSkillRound', 'exploit.skills']);
    expect(given.runs).toBe(N);
    expect(given.figures.map((f) => f.id)).toEqual([
      'exploit.round1',
      'exploit.round2',
      'exploit.final',
      'exploit.tests',
      'exploit.refutations',
    ]);
    expect(given.distance!.pValue).toBeLessThan(0.01);
    const all = checkPValues(c);
    expect(all[0]!.what).toBe('joint');
    expect(all).toHaveLength(1 + c.arms.length + c.conditional.filter((k) => k.distance !== null).length);
  });

  it('gives a two-sided tail of at most 1, counting ties on both sides', () => {
    expect(twoSidedTail([1, 2, 3, 4], 1)).toEqual({ pValue: 0.5, below: 0 });
    expect(twoSidedTail([1, 2, 3, 4], 2.5)).toEqual({ pValue: 1, below: 0.5 });
  });
});
