import { describe, expect, it } from 'vitest';
import { lockV1 } from '../../../../envs/lock.js';
import { ConsistentPolicy, consistentMaxPositions } from '../../../../sim/agent/actors/consistent.js';
import { actorSupport } from '../../../../sim/agent/actors/index.js';
import { Constraint } from '../../../../sim/agent/constraint.js';
import { ConsistentOpener } from '../../../../sim/agent/solver/consistent.js';
import { fullSet } from '../../../../sim/agent/solver/optimal.js';
import { ReplicateKey } from '../../../../sim/core/rng.js';
import { runExperiment } from '../../../../sim/experiment/experiment.js';
import { lockRun, meanAttempts, taskAttempts } from './helpers.js';
import { normalizeRun } from '../../../../sim/experiment/config.js';

const matches = (a: ArrayLike<number>, b: ArrayLike<number>): number => {
  let s = 0;
  for (let p = 0; p < a.length; p++) if (a[p] === b[p]) s++;
  return s;
};

describe('consistent Actor', () => {
  for (const bits of [4, 5, 6]) {
    it(`${bits} bits, no library: simulated mean within 4 standard errors of the exact expectation`, () => {
      const exact = new ConsistentOpener(bits).value(fullSet(bits)).expected;
      const want = Number(exact.n) / Number(exact.d);
      const { mean, se } = meanAttempts(
        lockRun(bits, { actor: 'consistent', library: false }, { replicates: 400, seed: 20 + bits }),
      );
      expect(se).toBeGreaterThan(0);
      expect(Math.abs(mean - want)).toBeLessThan(4 * se);
    });
  }

  it('never needs more attempts than the exact worst case (5 on the 4-bit lock), for any truth', () => {
    let longest = 0;
    for (let t = 0; t < 16; t++) {
      const truth = Array.from({ length: 4 }, (_, p) => (t >> p) & 1).join('');
      longest = Math.max(longest, ...taskAttempts('consistent', truth, 200, t));
    }
    expect(longest).toBe(new ConsistentOpener(4).value(fullSet(4)).worst);
  });

  /** Draw many first guesses after a fixed history; compare with the enumerated consistent set. */
  function checkUniform(
    arity: number,
    truth: number[],
    history: number[][],
    fixed: [number, number],
    proposals: number | undefined,
    ban?: [number, number],
  ): void {
    const positions = truth.length;
    const policy = new ConsistentPolicy({ positions, arity }, 20, proposals);
    const constraint = new Constraint(positions);
    constraint.fix(fixed[0], fixed[1]);
    if (ban !== undefined) constraint.ban(ban[0], ban[1], arity);
    const consistent: string[] = [];
    for (let c = 0; c < arity ** positions; c++) {
      const code = Array.from({ length: positions }, (_, p) => Math.floor(c / arity ** p) % arity);
      if (ban !== undefined && code[ban[0]] === ban[1]) continue;
      if (code[fixed[0]] === fixed[1] && history.every((h) => matches(h, code) === matches(h, truth)))
        consistent.push(code.join(''));
    }
    expect(consistent.length).toBeGreaterThan(2);
    const counts = new Map<string, number>();
    const code = new Int32Array(positions);
    const draws = 6000;
    for (let t = 0; t < draws; t++) {
      policy.beginTask();
      for (const h of history) policy.observe(Int32Array.from(h), matches(h, truth));
      policy.choose(code, new ReplicateKey(5, 0).stream('guess', 0, t), constraint);
      const key = code.join('');
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    expect([...counts.keys()].sort()).toEqual([...consistent].sort());
    const p = 1 / consistent.length;
    const sd = Math.sqrt(draws * p * (1 - p));
    for (const c of consistent) expect(Math.abs(counts.get(c)! - draws * p)).toBeLessThan(4 * sd);
  }

  for (const [how, proposals] of [
    ['by rejection', undefined],
    ['by exhaustive scan', 0],
  ] as const) {
    it(`draws uniformly among codes consistent with the records and the constraint, ${how} (2 values)`, () => {
      checkUniform(
        2,
        [1, 0, 1, 1, 0],
        [
          [0, 0, 0, 0, 0],
          [1, 1, 1, 0, 0],
        ],
        [0, 1],
        proposals,
      );
    });
    it(`draws uniformly among codes consistent with the records and the constraint, ${how} (3 values)`, () => {
      checkUniform(
        3,
        [2, 0, 1, 1],
        [
          [0, 0, 0, 0],
          [2, 2, 1, 0],
        ],
        [3, 1],
        proposals,
      );
      checkUniform(3, [2, 0, 1, 1, 0], [[0, 1, 2, 0, 1]], [0, 2], proposals);
    });
    it(`avoids values the constraint bans (HExA mistakes), ${how}`, () => {
      checkUniform(3, [2, 0, 1, 1, 0], [[0, 1, 2, 0, 1]], [0, 2], proposals, [1, 2]);
      checkUniform(2, [1, 0, 1, 1, 0], [[0, 0, 0, 0, 0]], [0, 1], proposals, [2, 0]);
    });
  }

  it('drops a constraint the feedback contradicts and still solves', () => {
    const policy = new ConsistentPolicy({ positions: 4, arity: 2 }, 20);
    const constraint = new Constraint(4);
    constraint.fix(0, 0); // the truth has 1 there
    const truth = Int32Array.from([1, 0, 1, 1]);
    const code = new Int32Array(4);
    const stream = new ReplicateKey(9, 0).stream('guess', 0, 0);
    policy.beginTask();
    let attempts = 0;
    for (; attempts < 20; ) {
      policy.choose(code, stream, constraint);
      attempts++;
      const score = matches(code, truth);
      if (score === 4) break;
      policy.observe(code, score);
    }
    expect(matches(code, truth)).toBe(4);
    expect(policy.abandonedConstraint).toBe(true);
  });

  it('stays fast and exact on a 20-bit lock (rejection, then a scan of the smallest feedback class)', () => {
    const config = lockRun(20, { actor: 'consistent', library: false }, { tasks: 4, cap: 200, replicates: 1, seed: 3 });
    const start = performance.now();
    const { mean, maxRoundMean } = meanAttempts(config);
    expect(performance.now() - start).toBeLessThan(20_000);
    // A consistent guesser never repeats a code and needs far fewer than 2^20 attempts.
    expect(maxRoundMean).toBeLessThan(40);
    expect(mean).toBeGreaterThan(5);
  });

  it('says where it cannot be exact: binary worlds above 22 positions are refused', () => {
    expect(consistentMaxPositions(2)).toBe(22);
    const space = (positions: number) =>
      lockV1.create({ bits: positions, truth: 'random' }, new ReplicateKey(1, 0).stream('world')).space;
    expect(actorSupport('consistent', lockV1, space(22))).toBeNull();
    expect(actorSupport('consistent', lockV1, space(23))).toMatch(/^'consistent' .*22 positions/);
    expect(actorSupport('consistent', { id: 'x-v1' }, space(4))).toMatch(/position-match feedback/);
  });
});

describe('consistent Actor in the other position-match worlds', () => {
  it('mastermind-v1 (4 pegs, 6 colours, 1296 codes): solves every task in a handful of attempts', () => {
    const config = {
      ...lockRun(4, { actor: 'consistent', library: false }, { replicates: 20, cap: 60 }),
      env: 'mastermind-v1',
      envParams: { pegs: 4, colours: 6, truth: 'random' },
    };
    const rounds = runExperiment(normalizeRun(config)).replicates.flat();
    for (const r of rounds) expect(r.solveRate).toBe(1);
    const mean = rounds.reduce((s, r) => s + r.meanAttempts, 0) / rounds.length;
    expect(mean).toBeGreaterThan(4);
    expect(mean).toBeLessThan(10);
  });
});
