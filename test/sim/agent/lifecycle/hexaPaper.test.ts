import { describe, expect, it } from 'vitest';
import { DEFAULT_LIFECYCLE } from '../../../../sim/agent/lifecycle/config.js';
import { paperReward } from '../../../../sim/agent/lifecycle/hexaPaper.js';
import { Retriever } from '../../../../sim/agent/retriever.js';
import { bench } from './harness.js';
import { SampleBatch } from '../../../../sim/agent/samples/sampleBatch.js';

const rules = DEFAULT_LIFECYCLE.paper;

describe('hexa-paper: reward schedule, confidence, cap, mistakes', () => {
  it('rewards a task by the attempts it used', () => {
    const solved = [1, 3, 4, 7, 8, 15, 16, 25, 40].map((a) => paperReward(rules, a, true));
    expect(solved).toEqual([1, 1, 0.75, 0.75, 0.5, 0.5, 0.25, 0.25, 0.25]);
    expect([paperReward(rules, 9, false), paperReward(rules, 10, false), paperReward(rules, 20, false)]).toEqual([
      -0.75, -0.5, -0.5,
    ]);
  });

  it('confidence = clamp((mean reward of source tasks + 1) / 2); source tasks include supporting ones', () => {
    const b = bench('hexa-paper');
    // Two tasks add support for "position 0 = 1" (rewards 1 and 0.5), then the claim is emitted.
    for (const attempts of [2, 12]) {
      b.lc.beforeTask(b.taskIndex, 0);
      b.evolver.observe(SampleBatch.of([[1]]));
      b.lc.afterTask({ taskIndex: b.taskIndex++, context: 0, attempts, solved: true, applied: [] });
    }
    b.lc.evolve();
    expect(b.skill(0, 0, 1).confidence).toBeCloseTo((0.75 + 1) / 2, 12);
  });

  it('a skill applied in failing tasks becomes a mistake: out of the library, its value banned', () => {
    const b = bench('hexa-paper', { positions: 2 });
    b.lc.emit(1, 0, 0.9, 5);
    const s = b.skill(0, 1, 0);
    b.task(0, [], { attempts: 20, solved: false, applied: [s] }); // mean −0.5 → 0.25 < 0.4
    expect(b.library.skills).not.toContain(s);
    expect(b.lc.retired).toBe(1);
    const r = new Retriever(2, 2, b.lc.banInto!.bind(b.lc));
    const c = r.retrieve(b.library, 0);
    expect(Array.from(c.bans!.blocked)).toEqual([0, 0, 1, 0]);
    // A mistake is not re-admitted while it is one.
    b.lc.emit(1, 0, 0.9, 5);
    expect(b.library.skills).not.toContain(s);
  });

  it('holds at most `cap` skills per context: a stronger claim evicts the weakest, a weaker one is refused', () => {
    const b = bench('hexa-paper', { positions: 3, config: { paper: { ...rules, cap: 2 } } });
    b.lc.emit(0, 1, 0.9, 5);
    b.lc.emit(1, 1, 0.7, 5);
    b.lc.emit(2, 1, 0.6, 5);
    expect(b.library.skills.map((s) => s.position)).toEqual([0, 1]);
    b.lc.emit(2, 0, 0.8, 5);
    expect(b.library.skills.map((s) => [s.position, s.value])).toEqual([
      [0, 1],
      [2, 0],
    ]);
  });

  it('keeps at most `mistakes` mistakes, dropping the oldest', () => {
    const b = bench('hexa-paper', { positions: 3, config: { paper: { ...rules, mistakes: 2 } } });
    for (let p = 0; p < 3; p++) {
      b.lc.emit(p, 1, 0.9, 5);
      b.task(0, [], { attempts: 20, solved: false, applied: [b.skill(0, p, 1)] });
    }
    const r = new Retriever(3, 2, b.lc.banInto!.bind(b.lc));
    expect(Array.from(r.retrieve(b.library, 0).bans!.blocked)).toEqual([0, 0, 0, 1, 0, 1]);
  });
});
