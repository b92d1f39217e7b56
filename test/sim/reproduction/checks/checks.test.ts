import { describe, expect, it } from 'vitest';
import { hiddenOf, type HiddenChoices } from '../../../../sim/reproduction/arms.js';
import { PUBLISHED_AGENT } from '../../../../sim/agent/agentConfig.js';
import { correctedTail, extremeness } from '../../../../sim/reproduction/checks/extremeness.js';
import { provablyImpossible } from '../../../../sim/reproduction/checks/impossible.js';
import { sameRuns } from '../../../../sim/reproduction/checks/sameRuns.js';
import { ARTICLE_STORY, storyOf, storyShares } from '../../../../sim/reproduction/checks/story.js';
import { FIGURES, type FigureId } from '../../../../sim/reproduction/figures.js';
import { ReplicateKey } from '../../../../sim/core/rng.js';
import { normalDraw } from '../../../../sim/reproduction/likelihood/posterior.js';
import { publishedTargets } from '../../../../sim/reproduction/likelihood/classes/armClass.js';
import { unpairedSeed } from '../../../../sim/reproduction/likelihood/unpaired.js';
import { runSimulation, type AuditJobResult } from '../../../../sim/reproduction/simulationJobs.js';

const base = hiddenOf(PUBLISHED_AGENT);

/** n runs where every figure takes its published value, then `edit` changes run i. */
function runs(
  n: number,
  edit: (id: FigureId, i: number) => number | undefined = () => undefined,
): Map<FigureId, Float64Array> {
  return new Map(FIGURES.map((f) => [f.id, Float64Array.from({ length: n }, (_, i) => edit(f.id, i) ?? f.published)]));
}

describe('how extreme the most extreme figure is', () => {
  it('corrects a figure’s tail for having been picked among many', () => {
    // Only the exploitation arm's final round varies: the article's 4.2 sits at its 10th percentile.
    const v = runs(1000, (id, i) => (id === 'exploit.final' ? 4.2 + (i - 100) / 100 : undefined));
    const e = extremeness(v);
    expect(e.figures).toBe(17);
    expect(e.most.id).toBe('exploit.final');
    expect(e.most.tail).toBeCloseTo(0.2, 2);
    // With one figure varying, picking the most extreme of 17 changes nothing: its tail is its corrected tail.
    expect(correctedTail(e, e.most.tail)).toBeCloseTo(0.2, 2);
    expect(correctedTail(e, 1)).toBe(1);
    expect(correctedTail(e, 0)).toBe(0);
  });

  it('with many figures varying, finds a tail of 0.2 in most publications', () => {
    const stream = new ReplicateKey(5, 0).stream('bootstrap');
    // Each continuous figure independent normal around its published value (12 of the 17).
    const v = runs(1000, (id) => (FIGURES.find((x) => x.id === id)!.smooth ? normalDraw(stream) + 100 : undefined));
    const e = extremeness(v);
    // Published values sit 100 sds off: every figure's tail is 0. Each run's smallest of 12 independent tails is at
    // most 0.2 with probability 1 − 0.8¹² = 0.93.
    expect(e.most.tail).toBe(0);
    expect(Math.abs(correctedTail(e, 0.2) - (1 - 0.8 ** 12))).toBeLessThan(4 * Math.sqrt((0.93 * 0.07) / 1000));
  });
});

describe('how rare the article’s story is', () => {
  it('reads a publication’s own story off its figures, and compares the article’s share with theirs', () => {
    const v = runs(10, (id, i) => (id === 'exploit.skills' && i >= 3 ? 1 : undefined));
    expect(storyOf(v, 0)).toBe(ARTICLE_STORY);
    expect(storyOf(v, 5)).toBe('3 / 1 / at most 5 / exploit<separate<explore');
    const s = storyShares(v);
    expect(s.article).toBeCloseTo(0.3, 12);
    expect(s.medianOwn).toBeCloseTo(0.7, 12);
    expect(s.asRare).toBeCloseTo(0.3, 12);
  });
});

describe('choices no figure can tell apart', () => {
  it('counts the runs a choice’s twin reproduces exactly, arms on one simulation counting whole', () => {
    const grid: HiddenChoices[] = [base, { ...base, update: 'merge' }];
    const a = runs(4);
    const b = runs(4, (id, i) => (id === 'exploit.final' && i === 0 ? 5 : undefined));
    const sims = {
      grid,
      keys: [
        ['r', 'a'],
        ['r', 'b'],
      ],
      values: new Map([
        ['r', a],
        ['a', a],
        ['b', b],
      ]),
    };
    const update = sameRuns(sims, [0]).find((s) => s.key === 'update')!;
    expect(update).toEqual({ key: 'update', runs: 8, identical: 7 });
    // A choice with no twin in the grid compares nothing.
    expect(sameRuns(sims, [0]).find((s) => s.key === 'cadence')).toEqual({ key: 'cadence', runs: 0, identical: 0 });
  });
});

describe('readings that provably cannot produce a figure', () => {
  const merged: HiddenChoices = { ...base, update: 'merge', testAt: 'record' };

  it('names the refutations under pure exploitation, a merged library and tests counted as recorded', () => {
    expect(provablyImpossible('exploit', merged, publishedTargets('exploit'))?.figure).toBe('exploit.refutations');
    expect(provablyImpossible('exploit', { ...merged, update: 'replace' }, publishedTargets('exploit'))).toBeNull();
    expect(provablyImpossible('explore', merged, publishedTargets('explore'))).toBeNull();
  });

  it('holds in simulated runs: no run ending with at most two skills refutes a skill', () => {
    const r = runSimulation({
      kind: 'figures',
      key: 'x',
      arm: 'exploit',
      hidden: merged,
      seed: unpairedSeed(2, 'exploit'),
      replicates: 3000,
    }) as AuditJobResult;
    const v = new Map(r.values);
    const skills = v.get('exploit.skills')!;
    const refutations = v.get('exploit.refutations')!;
    let checked = 0;
    for (let i = 0; i < skills.length; i++)
      if (skills[i]! <= 2) {
        checked++;
        expect(refutations[i]).toBe(0);
      }
    expect(checked).toBeGreaterThan(2500);
  });
});
