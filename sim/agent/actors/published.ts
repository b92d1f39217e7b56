/**
 * The published Actor: uniform, with replacement, among codes satisfying the constraint; no in-task memory.
 * Values the constraint bans (HExA "mistakes") or the circuit breaker disabled are avoided with the same
 * draws an unmasked choice takes (see actionMask.ts).
 */
import { chooseMasked, type ActionMask } from '../../core/actionMask.js';
import type { Constraint } from '../constraint.js';
import type { Stream } from '../../core/rng.js';
import type { GuessPolicy } from './policy.js';
import { drawUniform } from './uniform.js';

export class PublishedPolicy implements GuessPolicy {
  readonly abandonedConstraint = false;
  readonly remembers = false;

  /** `disabled`: values never to choose, even when exploring (tools the circuit breaker disabled). */
  constructor(
    private readonly arity: number,
    private readonly disabled: ActionMask | null = null,
  ) {}

  beginTask(): void {}

  choose(code: Int32Array, guess: Stream, constraint: Constraint | null): void {
    const bans = constraint === null ? null : constraint.activeBans;
    const disabled = this.disabled;
    if (bans !== null || (disabled !== null && disabled.total > 0)) {
      chooseMasked(code, guess, constraint === null ? null : constraint.values, this.arity, bans, disabled);
      return;
    }
    drawUniform(code, guess, constraint === null ? null : constraint.values, this.arity);
  }

  observe(): void {}
}
