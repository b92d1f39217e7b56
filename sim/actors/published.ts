/** The published Actor: uniform, with replacement, among codes satisfying the constraint; no in-task memory. */
import type { Constraint } from '../constraint.js';
import type { Stream } from '../rng.js';
import type { GuessPolicy } from './policy.js';
import { drawUniform } from './uniform.js';

export class PublishedPolicy implements GuessPolicy {
  readonly abandonedConstraint = false;

  constructor(private readonly arity: number) {}

  beginTask(): void {}

  choose(code: Int32Array, guess: Stream, constraint: Constraint | null): void {
    drawUniform(code, guess, constraint === null ? null : constraint.values, this.arity);
  }

  observe(): void {}
}
