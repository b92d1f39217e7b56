import { describe, expect, it } from 'vitest';
import { guardSpec } from '../../../../sim/agent/plugins/worldGuard.js';
import { lockV1 } from '../../../../envs/lock.js';
import { resolveEnvParams } from '../../../../sim/core/world/params.js';
import { watchedWords } from '../../../../sim/core/guard/watchedWords.js';
import { PluginError } from '../../../../sim/core/messages.js';
import { AleaStream } from '../../../../sim/core/rng.js';

const params = resolveEnvParams(lockV1, {});
const stream = (): AleaStream => new AleaStream(0.25, 0.5, 0.75);

describe('watched words: a guarded world hands the word loop its own steps', () => {
  it('a built-in world is not watched', () => {
    expect(watchedWords(lockV1.create(params, stream()))).toBeNull();
  });

  it("a module's world gives the world itself, its maxScore and the heartbeat's steps", () => {
    const guarded = guardSpec(lockV1, 'my-lock.mjs').create(params, stream());
    const watch = watchedWords(guarded);
    expect(watch).not.toBeNull();
    expect(watch!.world).not.toBe(guarded);
    expect(typeof watch!.world.stepWord).toBe('function');
    expect(watch!.maxScore).toBe(guarded.maxScore);
    expect(watch!.steps.run).toBeGreaterThanOrEqual(1);
  });

  it('names the module and the hook for feedback that fails the check, and passes feedback that is fine', () => {
    const watch = watchedWords(guardSpec(lockV1, 'my-lock.mjs').create(params, stream()))!;
    for (const [bad, says] of [
      [{ score: Number.NaN, solved: false }, /returned score NaN/],
      [{ score: 5, solved: false }, /returned score 5, not an integer in 0 … 4/],
      [{ score: -1, solved: false }, /returned score -1/],
      [{ score: 2, solved: 'no' }, /returned solved 'no', not true or false/],
      [undefined, /returned undefined, not a feedback object/],
    ] as const) {
      expect(() => watch.fault(bad)).toThrow(PluginError);
      expect(() => watch.fault(bad)).toThrow(
        new RegExp(`^my-lock.mjs: world 'lock-v1' stepWord\\(\\): ${says.source}`),
      );
    }
    const fine = { score: 4, solved: true };
    expect(watch.fault(fine)).toBe(fine);
  });

  it("turns what the world threw into one PluginError naming the hook, the world's own stack kept", () => {
    const watch = watchedWords(guardSpec(lockV1, 'my-lock.mjs').create(params, stream()))!;
    const e = watch.threw(new RangeError('out of cheese'));
    expect(e).toBeInstanceOf(PluginError);
    expect(e.message).toMatch(/^my-lock.mjs: world 'lock-v1' stepWord\(\): threw RangeError: out of cheese/);
    expect(e.stack).toContain('out of cheese');
  });
});
