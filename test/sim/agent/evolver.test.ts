import { describe, expect, it } from 'vitest';
import { PUBLISHED_AGENT } from '../../../sim/agent/agentConfig.js';
import fc from 'fast-check';
import { Evolver } from '../../../sim/agent/evolver.js';
import { SampleBatch } from '../../../sim/agent/samples/sampleBatch.js';
import { inEveryLayout } from './samples/layouts.js';

const code = (bits: string): number[] => Array.from(bits, (c) => Number(c));
/** Count high-score samples, one batch each. */
const observe = (ev: Evolver, ...codes: string[]): void => {
  for (const c of codes) ev.observe(SampleBatch.of([code(c)]));
};
const rules = {
  minEvidence: PUBLISHED_AGENT.minEvidence,
  threshold: PUBLISHED_AGENT.threshold,
  window: 'all' as const,
  samples: 'all' as const,
};

describe('Evolver (published extraction)', () => {
  it('counts batches in every layout exactly as one sample at a time, kept apart or not, all or distinct', () => {
    const samples = fc.array(
      fc.tuple(fc.array(fc.integer({ min: 0, max: 1 }), { minLength: 4, maxLength: 4 }), fc.boolean()),
      {
        maxLength: 16,
      },
    );
    const setting = fc.record({
      samples: fc.constantFrom('all' as const, 'distinct' as const),
      keepApart: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(samples, { maxLength: 6 }), setting, (tasks, { samples: which, keepApart }) => {
        const r = { ...rules, samples: which, minEvidence: 1, threshold: 0.5 };
        const oneByOne = new Evolver(4, 2, r);
        const batched = { values: new Evolver(4, 2, r), bits: new Evolver(4, 2, r), byCode: new Evolver(4, 2, r) };
        for (const task of tasks) {
          task.forEach(([c, kept]) => {
            if (!keepApart || kept) oneByOne.observe(SampleBatch.of([c]));
          });
          const codes = task.map(([c]) => c);
          const layouts = inEveryLayout(4, codes, keepApart ? { routed: task.map(([, kept]) => kept) } : {});
          for (const layout of ['values', 'bits', 'byCode'] as const) {
            // Counting by code keeps nothing apart: those samples come listed.
            if (layouts[layout] !== null) batched[layout].observe(layouts[layout]!);
          }
        }
        for (const [layout, ev] of Object.entries(batched)) {
          if (layout === 'byCode' && keepApart) continue;
          expect(ev.evolve(), layout).toEqual(oneByOne.evolve());
          expect(ev.evidence, layout).toBe(oneByOne.evidence);
        }
      }),
    );
  });

  it('emits nothing below min evidence', () => {
    const ev = new Evolver(4, 2, rules);
    observe(ev, '1011');
    observe(ev, '1011');
    expect(ev.evolve()).toEqual([]);
    observe(ev, '1011');
    expect(ev.evolve()).toHaveLength(4);
  });

  it('emits every (position, value) whose share reaches the threshold, with confidence and evidence', () => {
    const ev = new Evolver(4, 2, rules);
    // The truth and its four one-bit neighbours: every position agrees with the truth in 4/5 = 0.8 < 0.85.
    observe(ev, '1011', '0011', '1111', '1001', '1010');
    expect(ev.evolve()).toEqual([]);
    // Two more copies of the truth: shares become 6/7 ≈ 0.857 ≥ 0.85 everywhere.
    observe(ev, '1011');
    observe(ev, '1011');
    const claims = ev.evolve();
    expect(claims.map((c) => [c.position, c.value])).toEqual([
      [0, 1],
      [1, 0],
      [2, 1],
      [3, 1],
    ]);
    for (const c of claims) {
      expect(c.confidence).toBeCloseTo(6 / 7, 15);
      expect(c.evidence).toBe(7);
    }
  });

  it('counts a share exactly at the threshold (17/20 = 0.85) as a skill', () => {
    const ev = new Evolver(1, 2, rules);
    for (let i = 0; i < 17; i++) observe(ev, '1');
    for (let i = 0; i < 3; i++) observe(ev, '0');
    expect(ev.evolve()).toEqual([{ context: 0, position: 0, value: 1, confidence: 0.85, evidence: 20 }]);
  });

  it("counts each code once with samples 'distinct' — so the 5 high-score codes never reach 0.85", () => {
    const ev = new Evolver(4, 2, { ...rules, samples: 'distinct' });
    for (let i = 0; i < 50; i++) observe(ev, '1011', '0011', '1111', '1001', '1010');
    expect(ev.evidence).toBe(5);
    expect(ev.evolve()).toEqual([]);
  });

  it("forgets earlier rounds with window 'round' and keeps them with 'all'", () => {
    const perRound = new Evolver(2, 2, { ...rules, window: 'round' });
    const all = new Evolver(2, 2, rules);
    for (const ev of [perRound, all]) {
      for (let i = 0; i < 5; i++) observe(ev, '11');
      ev.beginRound();
      observe(ev, '00');
    }
    expect(perRound.evidence).toBe(1);
    expect(all.evidence).toBe(6);
  });
});
