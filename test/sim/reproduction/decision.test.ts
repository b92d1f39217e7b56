import { describe, expect, it } from 'vitest';
import { hiddenOf, type HiddenChoices } from '../../../sim/reproduction/arms.js';
import { PUBLISHED_AGENT } from '../../../sim/agent/agentConfig.js';
import { competitors, decide, IDENTIFIED, MARGIN } from '../../../sim/reproduction/decision.js';
import { readingLikelihood, type ReadingLikelihood } from '../../../sim/reproduction/likelihood/reading.js';
import { armAt, armZero } from './likelihood/readingFixtures.js';

const base = hiddenOf(PUBLISHED_AGENT);
const at = (changes: Partial<HiddenChoices>): HiddenChoices => ({ ...base, ...changes });
const one = (key: string, log: number, se = 0.1, byScale?: number[]): ReadingLikelihood =>
  readingLikelihood([{ key, estimate: armAt('exploit', log, se, byScale) }]);

describe("the audit's decision", () => {
  it(`identifies a choice whose leading value's interval clears ${IDENTIFIED}, and leaves one split open`, () => {
    const grid = [at({}), at({ update: 'merge' }), at({ cadence: 'task' })];
    const d = decide(grid, [one('a', -10), one('b', -10.05), one('c', -20)], { seed: 1 });
    expect(d.identified.cadence).toBe('round');
    expect(d.open).toContain('update');
    const update = d.marginals.find((m) => m.key === 'update')!;
    expect(update.values[0]!.posterior).toBeCloseTo(1 / (1 + Math.exp(-0.05)), 4);
    expect(update.values[0]!.low).toBeLessThan(update.values[0]!.posterior);
    expect(update.values[0]!.high).toBeGreaterThan(update.values[0]!.posterior);
    expect(d.credible).toEqual([0, 1]);
  });

  it('leaves a choice open when Monte Carlo error could reverse it, though its posterior is above the line', () => {
    const grid = [at({}), at({ cadence: 'task' })];
    // A Bayes factor of e⁴ (posterior 0.98) with an error of 2 nats on each side.
    const d = decide(grid, [one('a', -10, 2), one('b', -14, 2)], { seed: 1 });
    expect(
      d.marginals.find((m) => m.key === 'cadence')!.values.find((v) => v.value === 'round')!.posterior,
    ).toBeGreaterThan(0.95);
    expect(d.open).toContain('cadence');
  });

  it('leaves a choice open when it holds at one bandwidth and not at another', () => {
    const grid = [at({}), at({ cadence: 'task' })];
    const d = decide(
      grid,
      [one('a', -10, 0.05, [-10, -10, -10, -10, -10]), one('b', -20, 0.05, [-9, -15, -20, -20, -20])],
      {
        seed: 1,
      },
    );
    const cadence = d.marginals.find((m) => m.key === 'cadence')!;
    const round = cadence.values.find((v) => v.value === 'round')!;
    expect(round.byScale[0]).toBeLessThan(0.5);
    expect(round.posterior).toBeGreaterThan(0.99);
    expect(d.open).toContain('cadence');
  });

  it('lets a reading it cannot estimate block a choice while its bound keeps it within the margin', () => {
    const grid = [at({}), at({ window: 'all' }), at({ window: 'all', update: 'merge' })];
    const readings = [
      one('a', -10),
      readingLikelihood([{ key: 'b', estimate: armZero('exploit', -12, false) }]),
      readingLikelihood([{ key: 'c', estimate: armZero('exploit', -10 - MARGIN - 1, false) }]),
    ];
    const c = competitors(grid, readings);
    expect(c.map((x) => x.index)).toEqual([1]);
    expect(c[0]!.excess).toBeCloseTo(-12 - (-10 - MARGIN), 12);
    const d = decide(grid, readings, { seed: 1 });
    expect(d.couldCompete).toEqual([1]);
    expect(d.open).toContain('window');
    // It is named as what keeps the window open, and the window's interval takes it in at its bound.
    expect(d.blockedBy.window).toEqual([1]);
    const all = d.marginals.find((m) => m.key === 'window')!.values.find((v) => v.value === 'all')!;
    expect(all.posterior).toBe(0);
    // At its bound, 2 nats below the best, whose own error (0.1) sets the draws' 97.5 % point.
    expect(all.high).toBeCloseTo(1 / (1 + Math.exp(2 - 1.96 * 0.1)), 2);
    // Without it, the window would be identified.
    expect(decide([grid[0]!, grid[2]!], [readings[0]!, readings[2]!], { seed: 1 }).identified.window).toBe('round');
  });

  it('borrows a continuous part only from readings with the same test accounting', () => {
    const grid = [at({}), at({ testUnit: 'high' }), at({ window: 'all', testUnit: 'high' })];
    // The high-unit reading's continuous part (its log minus its discrete share) is 20 nats below the other's.
    const readings = [
      one('a', -10),
      one('b', -30),
      readingLikelihood([{ key: 'c', estimate: armZero('exploit', -1) }]),
    ];
    expect(competitors(grid, readings)).toEqual([]);
  });

  it('is the same decision on the same likelihoods, and another with another prior', () => {
    const grid = [at({}), at({ update: 'merge' })];
    const readings = [one('a', -10, 0.5), one('b', -10.5, 0.5)];
    expect(decide(grid, readings, { seed: 1 })).toEqual(decide(grid, readings, { seed: 1 }));
    const tilted = decide(grid, readings, { seed: 1, prior: [1, 10] });
    expect(tilted.posteriors[1]).toBeGreaterThan(0.5);
  });
});
