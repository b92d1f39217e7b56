import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonical } from '../../../../sim/experiment/canonical/json.js';
import { CanonicalTexts } from '../../../../sim/experiment/canonical/template.js';

/** Canonical JSON as defined, written plainly: keys sorted at every level, undefined values left out. */
function reference(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(reference).join(',')}]`;
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record)
    .filter((k) => record[k] !== undefined)
    .sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${reference(record[k])}`).join(',')}}`;
}

const leaf = fc.oneof(
  fc.integer({ min: -5, max: 5 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom('a', 'b', 'published', '\u0000slot 0\u0000', 'q"uote'),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
);
const keyName = fc.constantFrom('a', 'b', 'c', 'agent', 'env', 'z');
const { tree } = fc.letrec((tie) => ({
  tree: fc.oneof({ depthSize: 'small' }, leaf, tie('record'), tie('list')),
  record: fc.dictionary(keyName, tie('tree'), { maxKeys: 4 }),
  // Configurations hold no undefined in a list (canonical JSON would write it as no JSON does).
  list: fc.array(
    tie('tree').filter((v) => v !== undefined),
    { maxLength: 3 },
  ),
}));

/** `value` with the value at a random place replaced, removed, or its object frozen (as untouched parts are). */
const variant = (value: unknown) =>
  fc
    .tuple(fc.array(fc.nat(), { minLength: 1, maxLength: 4 }), tree, fc.constantFrom('set', 'delete', 'freeze'))
    .map(([steps, by, how]) => {
      const copy = structuredClone(value);
      if (copy === null || typeof copy !== 'object') return by;
      let at = copy as Record<string, unknown>;
      for (const step of steps.slice(0, -1)) {
        const keys = Object.keys(at);
        const next = keys.length === 0 ? undefined : at[keys[step % keys.length]!];
        if (next === null || typeof next !== 'object') break;
        at = next as Record<string, unknown>;
      }
      const keys = Object.keys(at);
      const last = keys.length === 0 ? 'new' : keys[steps.at(-1)! % keys.length]!;
      if (how === 'freeze') Object.freeze(at);
      else if (Array.isArray(at)) at[Number(last)] = by ?? null;
      else if (how === 'delete') delete at[last];
      else at[last] = by;
      return copy;
    });

describe('canonical texts from a template', () => {
  it('are canonical JSON of every value, whatever changed from the first', () => {
    fc.assert(
      fc.property(
        fc
          .dictionary(keyName, tree, { maxKeys: 5 })
          .chain((first) => fc.tuple(fc.constant(first), fc.array(variant(first), { maxLength: 24 }))),
        ([first, others]) => {
          const texts = new CanonicalTexts();
          for (const value of [first, ...others]) {
            const text = texts.text(value);
            expect(text).toBe(reference(value));
            expect(text).toBe(canonical(value));
          }
        },
      ),
      { seed: 22, numRuns: 400 },
    );
  });

  it('cuts the first value at the places the others differ, and fills them in', () => {
    const texts = new CanonicalTexts();
    const config = (explore: number, cap?: number) => ({ agent: { explore, topK: 2, cap }, env: 'lock-v1' });
    expect(texts.text(config(0.1, 3))).toBe('{"agent":{"cap":3,"explore":0.1,"topK":2},"env":"lock-v1"}');
    expect(texts.text(config(0.25, 3))).toBe('{"agent":{"cap":3,"explore":0.25,"topK":2},"env":"lock-v1"}');
    expect(texts.text(config(0.5, 7))).toBe('{"agent":{"cap":7,"explore":0.5,"topK":2},"env":"lock-v1"}');
    // An undefined slot value leaves its key out, as canonical does.
    expect(texts.text(config(0.5))).toBe('{"agent":{"explore":0.5,"topK":2},"env":"lock-v1"}');
  });
});
