import { describe, expect, it } from 'vitest';
import { summary, type Row } from '../../../scripts/findings/testUnitCheck.js';

const row = (truth: Row['truth'], kernel: number): Row => ({ truth, kernel, abc: NaN, synthetic: NaN });

describe('the test-unit check', () => {
  it('counts what is estimable, beyond ±3 and the wrong way, and scores the truth', () => {
    const rows = [row('any', 10), row('any', -5), row('any', 0.5), row('high', -20), row('high', 0), row('high', NaN)];
    const line = summary(rows, 'kernel');
    expect(line).toMatch(/^\| kernel \| 5\/6 \| 3 \(1 the wrong way\) \| 1 : 1 \| /);
    // Mean of −log(1 + e^−x) for the truth's log Bayes factor x: 10, −5, 0.5, 20 and 0.
    const score = [10, -5, 0.5, 20, 0].reduce((s, x) => s - Math.log1p(Math.exp(-x)), 0) / 5;
    expect(line.endsWith(`| ${score.toPrecision(3)} |`)).toBe(true);
    expect(summary(rows, 'abc')).toMatch(/^\| abc \| 0\/6 \| 0 \(0 the wrong way\) \| 0 : 0 \| – \/ – \/ – /);
  });
});
