/**
 * The checker finds broken worlds: each variant below breaks one promise of the EnvSpec contract, and the
 * checker must fail that property (and, where the break is confined to it, only that one).
 */
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { checkEnv, firstFailure, type CheckName, type EnvCheck } from '../../../envs/check/checker.js';
import type { Env, EnvParams, EnvSpec, Feedback } from '../../../sim/core/world/env.js';
import { LockEnv, lockV1, matches } from '../../../envs/lock.js';
import { ROOT } from '../../helpers/cli.js';
import { resolveEnvParams } from '../../../sim/core/world/params.js';

const failed = (check: EnvCheck): CheckName[] => check.results.filter((r) => r.status === 'fail').map((r) => r.name);

/** lock-v1 with its world replaced. */
function lockWith(
  id: string,
  make: (params: EnvParams) => Env,
  resolve: (params: EnvParams) => EnvParams = (p) => resolveEnvParams(lockV1, p),
): EnvSpec {
  return { ...lockV1, id, resolve, create: (params) => make(params) };
}

const hidden = (params: EnvParams): Int32Array =>
  Int32Array.from(
    String(resolveEnvParams(lockV1, params).truth === 'random' ? '1011' : resolveEnvParams(lockV1, params).truth),
    (c) => Number(c),
  );

class OffByOneScore extends LockEnv {
  override step(code: Int32Array): Feedback {
    const fb = super.step(code);
    fb.score = matches(code, this.hidden) + 1;
    return fb;
  }
}

class NeverEnds extends LockEnv {
  override step(code: Int32Array): Feedback {
    this.ended = false;
    return super.step(code);
  }
}

/** Caches its answer by array identity: stale feedback once the caller reuses its buffer. */
class CachesByReference extends LockEnv {
  private last: Int32Array | null = null;
  override reset(): void {
    super.reset();
    this.last = null;
  }
  override step(code: Int32Array): Feedback {
    if (this.ended) throw new Error('ended');
    if (code === this.last) return this.feedback;
    this.last = code;
    return super.step(code);
  }
}

describe('the environment checker on broken worlds', () => {
  it('passes the plugin lock written in plain JavaScript', async () => {
    const mod = (await import(pathToFileURL(join(ROOT, 'docs/examples/lock-world.mjs')).href)) as { default: unknown };
    const check = checkEnv(mod.default, { variants: [{ bits: 9 }, { truth: '0110' }] });
    expect(failed(check)).toEqual([]);
    expect(check.id).toBe('js-lock-v1');
  });

  it('names exactly solved-iff-truth for the broken example module', async () => {
    const mod = (await import(pathToFileURL(join(ROOT, 'docs/examples/broken-world.mjs')).href)) as {
      default: unknown;
    };
    const check = checkEnv(mod.default);
    expect(failed(check)).toEqual(['solved-iff-truth']);
    expect(firstFailure(check)?.detail).toMatch(/solved the task, but the truth is/);
    expect(check.ok).toBe(false);
  });

  it('finds unseeded randomness (determinism)', () => {
    const spec = lockWith(
      'random-truth-v1',
      () =>
        new LockEnv(
          'random-truth-v1',
          Int32Array.from({ length: 12 }, () => (Math.random() < 0.5 ? 0 : 1)),
        ),
    );
    expect(failed(checkEnv(spec))).toEqual(['determinism']);
  });

  it('finds scores above maxScore (ranges)', () => {
    const spec = lockWith('score-v1', (p) => new OffByOneScore('score-v1', hidden(p)));
    // Its bit-word path (the lock's own) scores right, so step and stepBits disagree as well.
    expect(failed(checkEnv(spec))).toEqual(['ranges', 'bit-words']);
  });

  it.each(['stepBits', 'stepWord'] as const)('finds %s giving other feedback than step (bit-words)', (method) => {
    const worse = (fb: Feedback): Feedback => {
      if (!fb.solved && fb.score > 0) fb.score--;
      return fb;
    };
    class Wrong extends LockEnv {
      override stepBits(words: Int32Array): Feedback {
        return method === 'stepBits' ? worse(super.stepBits(words)) : super.stepBits(words);
      }
      override stepWord(word: number): Feedback {
        return method === 'stepWord' ? worse(super.stepWord(word)) : super.stepWord(word);
      }
    }
    const spec = lockWith('wrong-v1', (p) => new Wrong('wrong-v1', hidden(p)));
    const check = checkEnv(spec);
    expect(failed(check)).toEqual(['bit-words']);
    expect(firstFailure(check)?.detail).toMatch(new RegExp(`step gives score \\d, ${method} score \\d`));
  });

  it('finds a step after the end that does not throw (task-end)', () => {
    const spec = lockWith('endless-v1', (p) => new NeverEnds('endless-v1', hidden(p)));
    expect(failed(checkEnv(spec))).toEqual(['task-end']);
  });

  it('finds a world that keeps the code array (no-retained-code)', () => {
    const spec = lockWith('cache-v1', (p) => new CachesByReference('cache-v1', hidden(p)));
    expect(failed(checkEnv(spec))).toContain('no-retained-code');
  });

  it('holds every world to its declarations: unknown names and bad values are refused before its resolve runs', () => {
    const lenient = lockWith(
      'lenient-v1',
      (p) => new LockEnv('lenient-v1', hidden(p)),
      (p) => resolveEnvParams(lockV1, { bits: p.bits ?? 4 }),
    );
    expect(failed(checkEnv(lenient))).toEqual([]);
  });

  it('finds errors that name no parameter', () => {
    const anonymous = lockWith(
      'anonymous-v1',
      (p) => new LockEnv('anonymous-v1', hidden(p)),
      (p) => {
        try {
          return resolveEnvParams(lockV1, p);
        } catch (e) {
          throw new Error((e as Error).message);
        }
      },
    );
    const check = checkEnv(anonymous, { badCombinations: [{ bits: 5, truth: '1011' }] });
    expect(failed(check)).toEqual(['parameter-errors']);
    expect(check.results.find((r) => r.name === 'parameter-errors')?.detail).toMatch(/without naming a parameter/);
  });

  it('finds parameters left unset (resolve)', () => {
    const spec = lockWith(
      'unset-v1',
      (p) => new LockEnv('unset-v1', hidden(p)),
      (p) => {
        resolveEnvParams(lockV1, p);
        return { ...p };
      },
    );
    expect(failed(checkEnv(spec))).toEqual(['resolve']);
  });

  it('reports a world whose create throws as failures that quote the error', () => {
    const spec = lockWith('throws-v1', () => {
      throw new Error('no world today');
    });
    const check = checkEnv(spec);
    expect(failed(check)).toEqual(['determinism', 'ranges', 'task-end', 'solved-iff-truth']);
    expect(check.results.find((r) => r.name === 'ranges')?.detail).toBe('threw: no world today');
  });

  it('fails only the contract of something that is not an EnvSpec, skipping the rest', () => {
    const check = checkEnv({ id: 'Not An Id', summary: 'x' });
    expect(failed(check)).toEqual(['contract']);
    expect(check.results.filter((r) => r.status === 'skip')).toHaveLength(check.results.length - 1);
    expect(check.results[0]!.detail).toMatch(/versioned id/);
  });
});
