/**
 * The host reads a world's declared parameters before its own resolve: unknown names (with the closest
 * known ones), each kind's values, min and max, an empty text, the defaults — and calls resolve only for
 * what the declarations cannot say, or not at all when the world has none.
 */
import { describe, expect, it } from 'vitest';
import type { EnvParams, EnvSpec } from '../../../../sim/core/world/env.js';
import { lockV1 } from '../../../../envs/lock.js';
import { resolveEnvParams } from '../../../../sim/core/world/params.js';

/** A world of declarations only (create is never called here). */
const declaredOnly: EnvSpec = {
  id: 'declared-v1',
  summary: 'parameters declared, no resolve',
  params: [
    { name: 'width', kind: 'int', min: 1, max: 8, default: 2, describe: 'a count' },
    { name: 'noise', kind: 'rate', default: 0.1, describe: 'a probability' },
    { name: 'scale', kind: 'number', min: 0, default: 1.5, describe: 'a real' },
    { name: 'label', kind: 'string', default: 'plain', describe: 'a text' },
    { name: 'seedless', kind: 'int', describe: 'no default' },
  ],
  exactRandomControl: true,
  create: () => {
    throw new Error('not called');
  },
};

const message = (run: () => unknown): string => {
  try {
    run();
  } catch (e) {
    return `${(e as Error & { param?: string }).param}: ${(e as Error).message}`;
  }
  return 'accepted';
};

describe('resolveEnvParams', () => {
  it('fills the declared defaults and parses text in the one number grammar', () => {
    expect(resolveEnvParams(declaredOnly, {})).toEqual({ width: 2, noise: 0.1, scale: 1.5, label: 'plain' });
    expect(resolveEnvParams(declaredOnly, { width: '7', noise: '.25', scale: '2e1', label: '', seedless: 3 })).toEqual({
      width: 7,
      noise: 0.25,
      scale: 20,
      label: '',
      seedless: 3,
    });
  });

  it.each<[string, EnvParams, string]>([
    ['an empty text for an integer', { width: '' }, 'width: width=: must be an integer'],
    ['an empty text for a rate', { noise: '' }, 'noise: noise=: must be a number'],
    ['a fraction for an integer', { width: '1.5' }, 'width: width=1.5: must be an integer'],
    ['below min', { width: 0 }, 'width: width=0: must be at least 1'],
    ['above max', { width: '9' }, 'width: width=9: must be at most 8'],
    ['a rate above 1', { noise: 1.2 }, 'noise: noise=1.2: must be at most 1'],
    ['hex', { scale: '0x10' }, 'scale: scale=0x10: must be a number'],
    [
      'an unknown name, with the closest known one',
      { widht: 3 },
      'widht: widht=3: is not a parameter of declared-v1 (did you mean width? known: width, noise, scale, label, ' +
        'seedless)',
    ],
    [
      'an unknown name far from any',
      { colour: 3 },
      'colour: colour=3: is not a parameter of declared-v1 (known: width, noise, scale, label, seedless)',
    ],
  ])('refuses %s, naming the parameter', (_what, given, expected) => {
    expect(message(() => resolveEnvParams(declaredOnly, given))).toBe(expected);
  });

  it("hands the world's resolve the checked, completed values, and returns what it returns", () => {
    const seen: EnvParams[] = [];
    const withResolve: EnvSpec = {
      ...declaredOnly,
      resolve: (p) => {
        seen.push(p);
        return { ...p, seedless: Number(p.width) * 10 };
      },
    };
    expect(resolveEnvParams(withResolve, { width: '3' })).toEqual({
      width: 3,
      noise: 0.1,
      scale: 1.5,
      label: 'plain',
      seedless: 30,
    });
    expect(seen).toEqual([{ width: 3, noise: 0.1, scale: 1.5, label: 'plain' }]);
    // A bad value never reaches it.
    expect(() => resolveEnvParams(withResolve, { width: 'x' })).toThrow(/width/);
    expect(seen).toHaveLength(1);
  });

  it('leaves a built-in world as its own resolve makes it', () => {
    expect(resolveEnvParams(lockV1, {})).toEqual({ bits: 4, truth: '1011' });
    expect(resolveEnvParams(lockV1, { bits: '6' })).toEqual({ bits: 6, truth: 'random' });
    expect(message(() => resolveEnvParams(lockV1, { bitz: 5 }))).toMatch(/did you mean bits\?/);
  });
});
