/**
 * mathjs configured for fractions: an independent oracle for the simulator's own exact arithmetic
 * (sim/core/fraction.ts), which the simulator computes with native BigInt so that it loads nothing heavy.
 */
import type { MathJsInstance } from 'mathjs';

let mathPromise: Promise<MathJsInstance> | undefined;

export function loadMath(): Promise<MathJsInstance> {
  mathPromise ??= import('mathjs').then((m) => {
    if (m.all === undefined) throw new Error('mathjs exports no factory map (all)');
    return m.create(m.all, { number: 'Fraction' });
  });
  return mathPromise;
}
