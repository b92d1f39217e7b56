import { describe, expect, it } from 'vitest';
import { PUBLISHED_AGENT } from '../../../sim/agent/agentConfig.js';
import fc from 'fast-check';
import { Evolver } from '../../../sim/agent/evolver.js';

const code = (bits: string): Int32Array => Int32Array.from(bits, (c) => Number(c));
const rules = {
  minEvidence: PUBLISHED_AGENT.minEvidence,
  threshold: PUBLISHED_AGENT.threshold,
  window: 'all' as const,
  samples: 'all' as const,
};

describe('Evolver (published extraction)', () => {
  it('counts a task of one-word samples (observeWords) exactly as one sample at a time, kept apart or not, all or distinct', () => {
    const samples = fc.array(fc.tuple(fc.nat(15), fc.boolean()), { maxLength: 16 });
    const setting = fc.record({
      samples: fc.constantFrom('all' as const, 'distinct' as const),
      keepApart: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(samples, { maxLength: 6 }), setting, (tasks, { samples: which, keepApart }) => {
        const r = { ...rules, samples: which, minEvidence: 1, threshold: 0.5 };
        const oneByOne = new Evolver(4, 2, r);
        const batched = new Evolver(4, 2, r);
        for (const task of tasks) {
          const codes = Int32Array.from(task, ([w]) => w);
          const routed = Uint8Array.from(task, ([, kept]) => (kept ? 1 : 0));
          task.forEach(([w, kept]) => {
            if (!keepApart || kept) oneByOne.observeBits(Int32Array.of(w));
          });
          batched.observeWords(codes, keepApart ? routed : null, codes.length);
        }
        expect(batched.evolve()).toEqual(oneByOne.evolve());
        expect(batched.evidence).toBe(oneByOne.evidence);
      }),
    );
  });

  it('emits nothing below min evidence', () => {
    const ev = new Evolver(4, 2, rules);
    ev.observe(code('1011'));
    ev.observe(code('1011'));
    expect(ev.evolve()).toEqual([]);
    ev.observe(code('1011'));
    expect(ev.evolve()).toHaveLength(4);
  });

  it('emits every (position, value) whose share reaches the threshold, with confidence and evidence', () => {
    const ev = new Evolver(4, 2, rules);
    // The truth and its four one-bit neighbours: every position agrees with the truth in 4/5 = 0.8 < 0.85.
    for (const c of ['1011', '0011', '1111', '1001', '1010']) ev.observe(code(c));
    expect(ev.evolve()).toEqual([]);
    // Two more copies of the truth: shares become 6/7 ≈ 0.857 ≥ 0.85 everywhere.
    ev.observe(code('1011'));
    ev.observe(code('1011'));
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
    for (let i = 0; i < 17; i++) ev.observe(code('1'));
    for (let i = 0; i < 3; i++) ev.observe(code('0'));
    expect(ev.evolve()).toEqual([{ context: 0, position: 0, value: 1, confidence: 0.85, evidence: 20 }]);
  });

  it("counts each code once with samples 'distinct' — so the 5 high-score codes never reach 0.85", () => {
    const ev = new Evolver(4, 2, { ...rules, samples: 'distinct' });
    for (let i = 0; i < 50; i++) for (const c of ['1011', '0011', '1111', '1001', '1010']) ev.observe(code(c));
    expect(ev.evidence).toBe(5);
    expect(ev.evolve()).toEqual([]);
  });

  it("forgets earlier rounds with window 'round' and keeps them with 'all'", () => {
    const perRound = new Evolver(2, 2, { ...rules, window: 'round' });
    const all = new Evolver(2, 2, rules);
    for (const ev of [perRound, all]) {
      for (let i = 0; i < 5; i++) ev.observe(code('11'));
      ev.beginRound();
      ev.observe(code('00'));
    }
    expect(perRound.evidence).toBe(1);
    expect(all.evidence).toBe(6);
  });
});
