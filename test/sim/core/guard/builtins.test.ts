/** The built-ins' fingerprint (sim/core/guard/builtins.ts): what a plugin changes is named and put back. */
import { describe, expect, it } from 'vitest';
import { changedBuiltins, fingerprint } from '../../../../sim/core/guard/builtins.js';

describe('changedBuiltins', () => {
  it('finds nothing where nothing changed', () => {
    expect(changedBuiltins(fingerprint())).toEqual([]);
  });

  it('names a replaced method, an added property, a replaced global and a symbol key, and puts each back', () => {
    const print = fingerprint();
    const toFixed = Number.prototype.toFixed;
    const parse = parseInt;
    Number.prototype.toFixed = () => '42';
    (Object.prototype as Record<string, unknown>).extra = 1;
    (globalThis as { parseInt: unknown }).parseInt = () => 42;
    Object.defineProperty(Number.prototype, Symbol.toPrimitive, { value: () => 42, configurable: true });
    const changed = changedBuiltins(print);
    expect(changed.sort()).toEqual([
      'Number.prototype.toFixed',
      'Number.prototype[Symbol.toPrimitive]',
      'Object.prototype.extra',
      'globalThis.parseInt',
    ]);
    expect(Number.prototype.toFixed).toBe(toFixed);
    expect('extra' in {}).toBe(false);
    expect(parseInt).toBe(parse);
    expect(Symbol.toPrimitive in Number.prototype).toBe(false);
    expect(changedBuiltins(print)).toEqual([]);
  });

  it('names a deleted method and an accessor put in its place', () => {
    const print = fingerprint();
    const padStart = String.prototype.padStart;
    Reflect.deleteProperty(String.prototype, 'padStart');
    Object.defineProperty(JSON, 'stringify', { get: () => () => '42', configurable: true });
    expect(changedBuiltins(print).sort()).toEqual(['JSON.stringify', 'String.prototype.padStart']);
    expect(String.prototype.padStart).toBe(padStart);
    expect(JSON.stringify({ a: 1 })).toBe('{"a":1}');
  });
});
