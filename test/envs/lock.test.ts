import { describe, expect, it } from 'vitest';
import { EnvParamError, TaskEndedError, type TaskContext } from '../../sim/core/world/env.js';
import { lockV1, matches } from '../../envs/lock.js';
import { ReplicateKey } from '../../sim/core/rng.js';
import { resolveEnvParams } from '../../sim/core/world/params.js';

const task: TaskContext = { round: 0, task: 0, taskIndex: 0, stream: () => new ReplicateKey(0, 0).stream('env', 0, 0) };
const code = (bits: string): Int32Array => Int32Array.from(bits, (c) => Number(c));

describe('lock-v1', () => {
  it('defaults to the published truth 1011 on 4 bits', () => {
    expect(resolveEnvParams(lockV1, {})).toEqual({ bits: 4, truth: '1011' });
    const env = lockV1.create({}, new ReplicateKey(1, 0).stream('world'));
    expect(Array.from(env.truth())).toEqual([1, 0, 1, 1]);
  });

  it('counts bits in the right place and is solved only by the truth', () => {
    const env = lockV1.create({ truth: '1011' }, new ReplicateKey(1, 0).stream('world'));
    env.reset(task);
    expect(env.step(code('0000')).score).toBe(1); // 1011 has a single 0
  });

  it('feedback equals the number of matching positions for every code', () => {
    const env = lockV1.create({ truth: '1011' }, new ReplicateKey(1, 0).stream('world'));
    for (let c = 0; c < 16; c++) {
      const bits = c.toString(2).padStart(4, '0');
      env.reset(task);
      const f = env.step(code(bits));
      const expected = [...bits].filter((b, i) => b === '1011'[i]).length;
      expect(f.score).toBe(expected);
      expect(f.solved).toBe(bits === '1011');
    }
  });

  it('refuses a step after the task was solved, until reset', () => {
    const env = lockV1.create({ truth: '01' }, new ReplicateKey(1, 0).stream('world'));
    env.reset(task);
    expect(env.step(code('01')).solved).toBe(true);
    expect(() => env.step(code('00'))).toThrow(TaskEndedError);
    env.reset(task);
    expect(env.step(code('00')).score).toBe(1);
  });

  it('draws a random truth per replicate, deterministically, for other lengths', () => {
    const truthOf = (rep: number): string =>
      Array.from(lockV1.create({ bits: 64 }, new ReplicateKey(9, rep).stream('world')).truth()).join('');
    expect(truthOf(0)).toBe(truthOf(0));
    expect(truthOf(0)).not.toBe(truthOf(1));
    expect(resolveEnvParams(lockV1, { bits: 64 })).toEqual({ bits: 64, truth: 'random' });
  });

  it('validates its parameters, naming the parameter', () => {
    expect(() => resolveEnvParams(lockV1, { bits: 0 })).toThrow(EnvParamError);
    expect(() => resolveEnvParams(lockV1, { bits: 'x' })).toThrow(/bits/);
    expect(() => resolveEnvParams(lockV1, { truth: '10a1' })).toThrow(/truth/);
    expect(() => resolveEnvParams(lockV1, { bits: 5, truth: '1011' })).toThrow(/truth=1011: has 4 bits but bits=5/);
    expect(() => resolveEnvParams(lockV1, { colour: 3 })).toThrow(/colour/);
    expect(resolveEnvParams(lockV1, { truth: '110' })).toEqual({ bits: 3, truth: '110' });
    expect(resolveEnvParams(lockV1, { bits: 1024 }).bits).toBe(1024);
  });

  it('matches() counts agreeing positions', () => {
    expect(matches(code('1111'), code('1011'))).toBe(3);
  });
});
