/**
 * The product's environment checker over every built-in world: every property passes on the defaults and
 * on variants, and every parameter is validated (text parameters have their bad values declared here,
 * since they have no generic bad value). A new world is covered automatically.
 */
import { describe, expect, it } from 'vitest';
import type { EnvParams } from '../../sim/core/world/env.js';
import { allEnvs } from '../../sim/agent/moduleStore.js';
import { checkEnv, CHECK_NAMES } from '../../envs/check/checker.js';
import { trajectory } from '../../envs/check/harness.js';

/** Extra parameter sets per environment (the defaults are always checked). */
const VARIANTS: Readonly<Record<string, readonly EnvParams[]>> = {
  'lock-v1': [{ bits: 9 }, { truth: '0110' }],
  'drift-lock-v1': [
    { bits: 6, flips: 2, every: 3, at: '5+7' },
    { every: 0, at: '1' },
  ],
  'noisy-lock-v1': [{ q: 0.5 }, { bits: 1, q: 1 }],
  'mastermind-v1': [
    { pegs: 3, colours: 3 },
    { truth: '0a9', colours: 11 },
  ],
  'api-contract-v1': [
    { apis: 5, drift: 4, api: 'pay_api', after: '204' },
    { apis: 1, codes: 2, initial: '200', after: '0', drift: 2 },
  ],
  'flaky-tools-v1': [
    { every: 3, outages: 0.3, downtime: 2 },
    { types: 1, tools: 2, 'param-error': 0, ambiguous: 0 },
  ],
};

/** Bad values for text parameters, which have no generic range to violate. */
const BAD_TEXT: Readonly<Record<string, Readonly<Record<string, readonly EnvParams[]>>>> = {
  'lock-v1': { truth: [{ truth: '10a1' }, { truth: '101', bits: 4 }, { truth: '' }] },
  'drift-lock-v1': { truth: [{ truth: '2' }], at: [{ at: 'x' }, { at: '3+-1' }, { at: '4,5' }, { at: '1.5' }] },
  'noisy-lock-v1': { truth: [{ truth: '1 0' }] },
  'mastermind-v1': {
    truth: [
      { truth: '0006', colours: 6 },
      { truth: '01', pegs: 3 },
    ],
  },
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

for (const spec of allEnvs()) {
  describe(`env checker: ${spec.id}`, () => {
    const check = checkEnv(spec, {
      variants: VARIANTS[spec.id],
      badText: BAD_TEXT[spec.id],
      badCombinations: CROSS[spec.id],
    });

    it('passes every check (solved-iff-truth skipped where several codes may solve, bit-words where none)', () => {
      expect(check.results.map((r) => r.name)).toEqual(CHECK_NAMES);
      expect(check.results.filter((r) => r.status === 'fail')).toEqual([]);
      const skipped = check.results.filter((r) => r.status === 'skip').map((r) => r.name);
      const bitWords = check.results.find((r) => r.name === 'bit-words')!;
      expect(skipped).toEqual([
        ...(spec.exactRandomControl ? [] : ['solved-iff-truth']),
        ...(bitWords.status === 'skip' ? ['bit-words'] : []),
      ]);
      // The bit locks take bit words; the other worlds do not.
      expect(bitWords.status).toBe(['lock-v1', 'noisy-lock-v1', 'drift-lock-v1'].includes(spec.id) ? 'pass' : 'skip');
      expect(check.ok).toBe(true);
    });

    it('declares bad values for every text parameter', () => {
      for (const p of spec.params)
        if (p.kind === 'string') expect(BAD_TEXT[spec.id]?.[p.name], `${spec.id} ${p.name}`).toBeDefined();
    });

    it('gives another trajectory under another seed', () => {
      for (const params of [{}, ...(VARIANTS[spec.id] ?? [])])
        expect(trajectory(spec, params, 12)).not.toEqual(trajectory(spec, params, 11));
    });
  });
}
