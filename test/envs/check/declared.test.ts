/**
 * The checker holds a world's resolve to its declarations (the `declared` check), and a world may have no
 * resolve at all: docs/examples/dial-world.mjs declares its parameters and nothing else.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkEnv, type CheckName, type EnvCheck } from '../../../envs/check/checker.js';
import type { EnvParams, EnvSpec, ParamSpec } from '../../../sim/core/world/env.js';
import { ROOT } from '../../helpers/cli.js';

const failures = (check: EnvCheck): [CheckName, string][] =>
  check.results.filter((r) => r.status === 'fail').map((r) => [r.name, r.detail ?? '']);

const dials = (await import(pathToFileURL(join(ROOT, 'docs/examples/dial-world.mjs')).href)).default as EnvSpec;

/** The dial world with other declarations and, optionally, a resolve of its own. */
function dialsWith(params: readonly ParamSpec[], resolve?: (p: EnvParams) => EnvParams): EnvSpec {
  return { ...dials, id: 'test-dials-v1', params, ...(resolve !== undefined ? { resolve } : {}) };
}

const DIALS: ParamSpec = { name: 'dials', kind: 'int', min: 1, max: 12, default: 3, describe: 'dials' };
const SYMBOLS: ParamSpec = { name: 'symbols', kind: 'int', min: 2, max: 10, default: 4, describe: 'symbols' };

describe('the declared check', () => {
  it('passes a world without resolve, whose declarations are its parameters', () => {
    expect(dials.resolve).toBeUndefined();
    const check = checkEnv(dials, { variants: [{ dials: '5', symbols: 2 }] });
    expect(failures(check)).toEqual([]);
    expect(check.results.find((r) => r.name === 'declared')?.status).toBe('pass');
  });

  it('fails a world declaring default 3 whose resolve fills 4', () => {
    const world = dialsWith([DIALS, SYMBOLS], (p) => ({ ...p, dials: p.dials === 3 ? 4 : Number(p.dials) }));
    expect(failures(checkEnv(world))).toEqual([
      ['declared', "parameter 'dials' declares default 3, but resolve() gives 4"],
    ]);
  });

  it('fails a resolve that turns a number into text', () => {
    const world = dialsWith([DIALS, SYMBOLS], (p) => ({ ...p, symbols: String(p.symbols) }));
    expect(failures(checkEnv(world))[0]).toEqual([
      'declared',
      `parameter 'symbols' declares default 4, but resolve() gives "4"`,
    ]);
  });

  it('fails a resolve whose value breaks the declared bounds, for given values too', () => {
    const world = dialsWith([DIALS, SYMBOLS], (p) => ({ ...p, dials: p.dials === 3 ? 3 : Number(p.dials) * 5 }));
    const check = checkEnv(world, { variants: [{ dials: 4 }] });
    expect(failures(check).find(([name]) => name === 'declared')?.[1]).toBe(
      `resolve() gives parameter 'dials' the value 20, which is not an integer in 1 … 12 ({"dials":4})`,
    );
  });

  it('fails a declared default that is not of its kind', () => {
    const world = dialsWith([DIALS, { ...SYMBOLS, default: 'four' }]);
    expect(failures(checkEnv(world))[0]).toEqual([
      'declared',
      `parameter 'symbols' declares default "four", which is not an integer in 2 … 10`,
    ]);
  });

  it('without resolve, a parameter without a default is reported as having no value', () => {
    const { default: _none, ...required } = DIALS;
    const check = checkEnv(dialsWith([required, SYMBOLS]));
    expect(failures(check)[0]).toEqual([
      'resolve',
      "parameter 'dials' has no value: declare a default, or fill it in resolve() (derived from the others)",
    ]);
  });

  it('an empty text is no number: every numeric parameter refuses it', () => {
    const lenient = dialsWith([DIALS, SYMBOLS], (p) => p);
    const check = checkEnv(lenient);
    expect(check.results.find((r) => r.name === 'parameter-errors')?.status).toBe('pass');
  });
});
