/** Declarations read as flags: every kind's checks and messages, defaults, paths and columns. */
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../../../sim/core/messages.js';
import type { Param, ParamTree } from '../../../../sim/core/params/declaration.js';
import {
  columnOf,
  defaultsOf,
  defaultText,
  parseParam,
  placedParams,
  readValues,
} from '../../../../sim/core/params/read.js';

const base = { section: 'agent', help: 'a parameter for this test' } as const;
const TREE = {
  count: { ...base, kind: 'integer', flag: 'the-count', min: 1, max: 9, default: 3 },
  auto: { ...base, kind: 'integer', flag: 'auto', min: 0, default: null },
  size: { ...base, kind: 'decimal', flag: 'size', min: 0, exclusiveMin: true, default: 1.5 },
  rate: { ...base, kind: 'rate', flag: 'rate', default: 0 },
  share: { ...base, kind: 'share', flag: 'share', default: 1 },
  pick: { ...base, kind: 'choice', flag: 'pick', column: 'chosen', values: ['a', 'b'], default: 'a' },
  on: { ...base, kind: 'boolean', flag: 'on', default: true },
  plug: {
    ...base,
    kind: 'policy',
    flag: 'plug',
    module: 'ranking',
    values: ['published'],
    default: 'published',
    optional: true,
  },
  inner: { list: { ...base, kind: 'numbers', flag: 'list', element: 'integer', min: 1, default: [1, 2] } },
  text: { ...base, kind: 'text', flag: 'text', pattern: '^x$', shape: 'x', toWorld: true },
} as const satisfies ParamTree;

const error = (p: Param, text: string): string => {
  try {
    parseParam(p, text);
  } catch (e) {
    expect(e).toBeInstanceOf(UsageError);
    return (e as Error).message;
  }
  return 'no error';
};

describe('reading declarations', () => {
  it('names the flag and the text of every bad value', () => {
    expect(error(TREE.count, '1.5')).toBe("--the-count: '1.5' is not a whole number");
    expect(error(TREE.count, '0')).toBe("--the-count: '0' is below the minimum 1");
    expect(error(TREE.count, '1e1')).toBe("--the-count: '1e1' is above the maximum 9");
    expect(error(TREE.size, '0')).toBe("--size: '0' must be above 0");
    expect(error(TREE.size, '0x1')).toBe("--size: '0x1' is not a number");
    expect(error(TREE.rate, '1.01')).toBe("--rate: '1.01' is not a rate in [0, 1]");
    expect(error(TREE.share, '0')).toBe("--share: '0' must lie in (0, 1]");
    expect(error(TREE.pick, 'c')).toBe("--pick: 'c' is not one of a, b");
    expect(error(TREE.on, 'yes')).toBe("--on: 'yes' is not one of true, false");
    expect(error(TREE.inner.list, '1//2')).toBe(
      "--list: '1//2' is malformed: expected numbers joined by '/', e.g. 1/2",
    );
    expect(error(TREE.inner.list, '1/0')).toBe("--list: '0' is below the minimum 1");
  });

  it('reads good values', () => {
    expect(parseParam(TREE.count, '4.0')).toBe(4);
    expect(parseParam(TREE.on, 'false')).toBe(false);
    expect(parseParam(TREE.inner.list, '3/7/15')).toEqual([3, 7, 15]);
  });

  it('places each declaration at its field, with its column and default text', () => {
    expect(placedParams(TREE).map(({ path }) => path.join('.'))).toEqual([
      'count',
      'auto',
      'size',
      'rate',
      'share',
      'pick',
      'on',
      'plug',
      'inner.list',
      'text',
    ]);
    expect(placedParams(TREE).map(({ param }) => columnOf(param))).toEqual([
      'theCount',
      'auto',
      'size',
      'rate',
      'share',
      'chosen',
      'on',
      'plug',
      'list',
      null,
    ]);
    expect([defaultText(TREE.auto), defaultText(TREE.inner.list), defaultText(TREE.on)]).toEqual([
      undefined,
      '1/2',
      'true',
    ]);
  });

  it('fills a configuration: defaults as declared, an optional field only when set, and then last', () => {
    const defaults = {
      count: 3,
      auto: null,
      size: 1.5,
      rate: 0,
      share: 1,
      pick: 'a',
      on: true,
      inner: { list: [1, 2] },
    };
    expect(defaultsOf(TREE)).toEqual(defaults);
    expect(readValues(TREE, () => undefined)).toEqual(defaults);
    const given: Record<string, string> = { plug: 'mine', 'the-count': '5' };
    const read = readValues(
      TREE,
      (flag) => given[flag],
      (p, text) => (p.kind === 'policy' ? text : parseParam(p, text)),
    );
    expect(read).toEqual({ ...defaults, count: 5, plug: 'mine' });
    expect(Object.keys(read).at(-1)).toBe('plug');
  });

  it('shares one frozen object for a subtree no flag touches, and reads it when one does', () => {
    const plain = (p: Param, text: string) => parseParam(p, text);
    const a = readValues(TREE, () => undefined);
    const b = readValues(TREE, () => undefined, plain, []);
    expect(b.inner).toBe(a.inner);
    expect(Object.isFrozen(a.inner)).toBe(true);
    expect(Object.isFrozen(a.inner.list)).toBe(true);
    const given: Record<string, string> = { list: '4/5' };
    const textOf = (flag: string): string | undefined => given[flag];
    // The list of flags given decides as the texts do: the subtree is read, not shared.
    for (const read of [readValues(TREE, textOf, plain), readValues(TREE, textOf, plain, ['list'])]) {
      expect(read.inner).toEqual({ list: [4, 5] });
      expect(read.inner).not.toBe(a.inner);
    }
  });
});
