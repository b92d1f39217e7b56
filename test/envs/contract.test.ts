/**
 * The types and the JS checker ask the same of a world. The world below has what `checkEnv` requires and
 * nothing more — no resolve, no id on the world it creates, a plain array for the truth — and it passes;
 * test/scripts/api/pack.test.ts compiles the same world against the published declarations. Leaving out
 * what the types require (create) is what the checker refuses too.
 */
import { describe, expect, it } from 'vitest';
import { checkEnv } from '../../envs/check/checker.js';
import { envSpecProblem } from '../../sim/core/world/define.js';
import type { EnvSpec } from '../../sim/core/world/env.js';

const minimal: EnvSpec = {
  id: 'minimal-v1',
  summary: 'a lock of n ones',
  params: [{ name: 'n', kind: 'int', min: 1, default: 2, describe: 'positions' }],
  exactRandomControl: true,
  create(params) {
    const n = Number(params.n);
    const feedback = { score: 0, solved: false };
    let ended = false;
    return {
      space: { positions: n, arity: 2 },
      maxScore: n,
      reset() {
        ended = false;
      },
      step(code) {
        if (ended) throw new Error('minimal-v1: the task has ended');
        feedback.score = code.filter((v) => v === 1).length;
        feedback.solved = ended = feedback.score === n;
        return feedback;
      },
      truth: () => new Array<number>(n).fill(1),
    };
  },
};

describe('the EnvSpec contract, typed and checked', () => {
  it('passes the checker with exactly what the types require', () => {
    const check = checkEnv(minimal, { variants: [{ n: '3' }] });
    expect(check.results.filter((r) => r.status === 'fail')).toEqual([]);
    expect(check.ok).toBe(true);
  });

  it('refuses, as the types do, a world without create, and a resolve that is not a function', () => {
    const { create: _create, ...noCreate } = minimal;
    expect(envSpecProblem(noCreate)).toBe("'create' must be a function");
    expect(envSpecProblem({ ...minimal, resolve: 'yes' })).toBe("'resolve' must be a function or absent");
  });
});
