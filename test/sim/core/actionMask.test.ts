import { describe, expect, it } from 'vitest';
import { ActionMask, allowedValue, chooseMasked } from '../../../sim/core/actionMask.js';
import { ReplicateKey } from '../../../sim/core/rng.js';

describe('ActionMask and masked choice', () => {
  it('a free position draws uniformly among allowed values with one draw', () => {
    const mask = new ActionMask(1, 4);
    mask.block(0, 1);
    mask.block(0, 2);
    const counts = [0, 0, 0, 0];
    const n = 20000;
    for (let i = 0; i < n; i++) counts[allowedValue((i + 0.5) / n, 0, 4, mask, null)]!++;
    expect(counts).toEqual([n / 2, 0, 0, n / 2]);
  });

  it('ignores the masks where every value is blocked', () => {
    const mask = new ActionMask(1, 2);
    mask.block(0, 0);
    mask.block(0, 1);
    expect(allowedValue(0.7, 0, 2, mask, null)).toBe(1);
  });

  it('never picks a blocked value; a hard block also frees a fixed position; draws stay aligned', () => {
    for (const arity of [2, 5]) {
      const soft = new ActionMask(3, arity);
      const hard = new ActionMask(3, arity);
      soft.block(1, 0);
      hard.block(0, 1);
      const fixed = Int32Array.of(1, -1, -1);
      const code = new Int32Array(3);
      const key = new ReplicateKey(1, 0);
      const a = key.stream('guess', 0, 0);
      const b = key.stream('guess', 0, 0);
      for (let i = 0; i < 500; i++) {
        chooseMasked(code, a, fixed, arity, soft, hard);
        expect(code[0]).not.toBe(1);
        expect(code[1]).not.toBe(0);
        // Same number of draws as the unmasked choice: one word (binary) or one draw per position.
        if (arity === 2) b.int32();
        else for (let p = 0; p < 3; p++) b.quick();
      }
      expect(a.quick()).toBe(b.quick());
    }
  });
});
