/**
 * The environment checker, run over every registered environment: seeded determinism, the task-ended
 * contract, the action space and feedback ranges, and parameter validation (EnvParamError naming the
 * parameter). A new environment is covered automatically; its text parameters must declare bad values below.
 */
import { describe, expect, it } from 'vitest';
import { EnvParamError, TaskEndedError, type EnvParams, type EnvSpec } from '../../envs/env.js';
import { allEnvs } from '../../envs/registry.js';
import { makeEnv, TestTask, trajectory } from './envHarness.js';

/** Extra parameter sets per environment (the defaults are always checked). */
const VARIANTS: Readonly<Record<string, readonly EnvParams[]>> = {
  'lock-v1': [{ bits: 9 }, { truth: '0110' }],
  'drift-lock-v1': [{ bits: 6, flips: 2, every: 3, at: '5+7' }, { every: 0, at: '1' }],
  'noisy-lock-v1': [{ q: 0.5 }, { bits: 1, q: 1 }],
  'mastermind-v1': [{ pegs: 3, colours: 3 }, { truth: '0a9', colours: 11 }],
  'api-contract-v1': [{ apis: 5, drift: 4, api: 'pay_api', after: '204' }, { apis: 1, codes: 2, initial: '200', after: '0', drift: 2 }],
  'flaky-tools-v1': [{ every: 3, outages: 0.3, downtime: 2 }, { types: 1, tools: 2, 'param-error': 0, ambiguous: 0 }],
};

/** Bad values for text parameters, which have no generic range to violate. */
const BAD_TEXT: Readonly<Record<string, Readonly<Record<string, readonly EnvParams[]>>>> = {
  'lock-v1': { truth: [{ truth: '10a1' }, { truth: '101', bits: 4 }, { truth: '' }] },
  'drift-lock-v1': { truth: [{ truth: '2' }], at: [{ at: 'x' }, { at: '3+-1' }, { at: '4,5' }, { at: '1.5' }] },
  'noisy-lock-v1': { truth: [{ truth: '1 0' }] },
  'mastermind-v1': { truth: [{ truth: '0006', colours: 6 }, { truth: '01', pegs: 3 }] },
  'api-contract-v1': {
    initial: [{ initial: '999' }, { initial: '1', codes: 4 }],
    after: [{ after: '0' }, { after: 'ok' }],
    api: [{ api: 'nope_api' }, { api: 'cart_api', apis: 3 }],
  },
  'flaky-tools-v1': {},
};

const CROSS: Readonly<Record<string, readonly EnvParams[]>> = {
  'drift-lock-v1': [{ bits: 3, flips: 4 }],
};

function paramSets(spec: EnvSpec): EnvParams[] {
  return [{}, ...(VARIANTS[spec.id] ?? [])];
}

function expectParamError(spec: EnvSpec, params: EnvParams, name?: string): void {
  let thrown: unknown;
  try {
    spec.resolve(params);
  } catch (e) {
    thrown = e;
  }
  expect(thrown, `${spec.id} ${JSON.stringify(params)}`).toBeInstanceOf(EnvParamError);
  if (name !== undefined) expect((thrown as EnvParamError).param).toBe(name);
}

for (const spec of allEnvs()) {
  describe(`env checker: ${spec.id}`, () => {
    it('has a versioned id, a summary and documented parameters', () => {
      expect(spec.id).toMatch(/^[a-z][a-z-]*-v\d+$/);
      expect(spec.summary.length).toBeGreaterThan(10);
      for (const p of spec.params) expect(p.describe.length, p.name).toBeGreaterThan(5);
      expect(new Set(spec.params.map((p) => p.name)).size).toBe(spec.params.length);
    });

    for (const params of paramSets(spec)) {
      const label = JSON.stringify(params);

      it(`resolves ${label} deterministically, every parameter filled in, idempotently`, () => {
        const once = spec.resolve(params);
        expect(spec.resolve(params)).toEqual(once);
        expect(spec.resolve(once)).toEqual(once);
        for (const p of spec.params) expect(once[p.name], p.name).not.toBeUndefined();
      });

      it(`same seed → same trajectory, another seed → another (${label})`, () => {
        const a = trajectory(spec, params, 11);
        expect(trajectory(spec, params, 11)).toEqual(a);
        expect(trajectory(spec, params, 12)).not.toEqual(a);
      });

      it(`keeps codes, contexts and scores in range (${label})`, () => {
        const { env, key } = makeEnv(spec, params, 5);
        const slot = new TestTask(key);
        const contexts = env.contexts ?? 1;
        expect(Number.isInteger(contexts) && contexts >= 1).toBe(true);
        const good = env.goodScore ?? env.maxScore - 1;
        expect(good).toBeLessThanOrEqual(env.maxScore);
        const code = new Int32Array(env.space.positions);
        for (let t = 0; t < 30; t++) {
          env.reset(slot.at(t));
          const ctx = env.context?.() ?? 0;
          expect(ctx >= 0 && ctx < contexts).toBe(true);
          const truth = env.truth();
          expect(truth.length).toBe(env.space.positions);
          for (const v of truth) expect(v >= 0 && v < env.space.arity).toBe(true);
          const guess = key.stream('guess', slot.round, slot.task);
          for (let a = 0; a < 5; a++) {
            for (let p = 0; p < code.length; p++) code[p] = Math.floor(guess.quick() * env.space.arity);
            const fb = env.step(code);
            expect(Number.isInteger(fb.score) && fb.score >= 0 && fb.score <= env.maxScore).toBe(true);
            if (fb.solved) break;
          }
        }
      });

      it(`a step after the task ended throws; reset starts the next (${label})`, () => {
        const { env, key } = makeEnv(spec, params, 3);
        const slot = new TestTask(key);
        const code = new Int32Array(env.space.positions);
        for (let t = 0; t < 3; t++) {
          env.reset(slot.at(t));
          const guess = key.stream('guess', slot.round, slot.task);
          let solved = false;
          for (let a = 0; a < 2000 && !solved; a++) {
            if (a % 2 === 0) code.set(env.truth());
            else for (let p = 0; p < code.length; p++) code[p] = Math.floor(guess.quick() * env.space.arity);
            solved = env.step(code).solved;
          }
          expect(solved).toBe(true);
          expect(() => env.step(code)).toThrow(TaskEndedError);
        }
      });
    }

    it('rejects unknown parameters, naming them', () => {
      expectParamError(spec, { nonsense: 1 }, 'nonsense');
    });

    for (const p of spec.params) {
      it(`validates ${p.name} (${p.kind})`, () => {
        if (p.kind === 'int') {
          expectParamError(spec, { [p.name]: 'abc' }, p.name);
          expectParamError(spec, { [p.name]: '1.5' }, p.name);
          if (p.min !== undefined) expectParamError(spec, { [p.name]: p.min - 1 }, p.name);
          if (p.max !== undefined) expectParamError(spec, { [p.name]: p.max + 1 }, p.name);
        } else if (p.kind === 'rate') {
          for (const bad of [-0.1, 1.1, 'x', '']) expectParamError(spec, { [p.name]: bad }, p.name);
        } else if (p.kind === 'number') {
          expectParamError(spec, { [p.name]: 'x' }, p.name);
        } else {
          const cases = BAD_TEXT[spec.id]?.[p.name];
          expect(cases, `declare bad values for ${spec.id} ${p.name}`).toBeDefined();
          for (const c of cases ?? []) expectParamError(spec, c);
        }
      });
    }

    it('rejects inconsistent combinations', () => {
      for (const c of CROSS[spec.id] ?? []) expectParamError(spec, c);
    });
  });
}
