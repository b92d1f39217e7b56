import { describe, expect, it } from 'vitest';
import { canonical } from '../../../sim/experiment/cellId.js';

describe('canonical', () => {
  it('sorts keys at every level, whatever order they were made in', () => {
    const a = { b: 1, a: { d: [1, { y: 2, x: 'q' }], c: null } };
    const b = { a: { c: null, d: [1, { x: 'q', y: 2 }] }, b: 1 };
    expect(canonical(a)).toBe('{"a":{"c":null,"d":[1,{"x":"q","y":2}]},"b":1}');
    expect(canonical(b)).toBe(canonical(a));
  });

  it('leaves out undefined values, and tells objects of one shape apart by their values', () => {
    expect(canonical({ z: undefined, k: 'a"b' })).toBe('{"k":"a\\"b"}');
    const shapes = Array.from({ length: 40 }, (_, i) => ({ [`k${i % 20}`]: i, m: i % 3 }));
    const seen = new Set(shapes.map(canonical));
    expect(seen.size).toBe(40);
    expect(canonical(shapes[7])).toBe('{"k7":7,"m":1}');
  });
});
