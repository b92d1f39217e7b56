/**
 * The tool registry with health (docs/worlds-and-policies.md, the tool loop): per tool, consecutive failures and
 * whether the circuit
 * breaker has it disabled; per round, failed calls by kind (the failure taxonomy) and breaker trips.
 * The Actor calls `record` after each attempt; disabled tools are blocked in `disabled`, which the Actor
 * honours even when exploring. Nothing is allocated per attempt.
 */
import { FAILURE, type Feedback } from '../../core/world/env.js';
import { ActionMask } from '../../core/actionMask.js';
import type { RoundTally } from '../../core/metrics.js';
import type { BreakerConfig } from './config.js';

export class ToolRegistry {
  readonly disabled: ActionMask;
  /** Consecutive counted failures per tool (position × arity + value). */
  private readonly streak: Int32Array;
  /** Task index from which a disabled tool is enabled again (−1: not disabled). */
  private readonly enableAt: Int32Array;
  private readonly positions: number;
  private taskIndex = 0;

  constructor(
    positions: number,
    private readonly arity: number,
    private readonly breaker: BreakerConfig,
  ) {
    this.positions = positions;
    this.disabled = new ActionMask(positions, arity);
    this.streak = new Int32Array(positions * arity);
    this.enableAt = new Int32Array(positions * arity).fill(-1);
  }

  /** A task starts: tools whose cool-down is over are enabled again, half-open. */
  beginTask(taskIndex: number): void {
    this.taskIndex = taskIndex;
    if (this.disabled.total === 0) return;
    const n = this.positions * this.arity;
    for (let i = 0; i < n; i++) {
      if (this.enableAt[i]! < 0 || taskIndex < this.enableAt[i]!) continue;
      this.enableAt[i] = -1;
      this.streak[i] = this.breaker.failures - 1;
      this.disabled.unblock(Math.floor(i / this.arity), i % this.arity);
    }
  }

  /** Whether a tool is disabled now. */
  isDisabled(position: number, value: number): boolean {
    return this.disabled.blocked[position * this.arity + value] === 1;
  }

  /** Observe: one call's outcome, for the taxonomy and each tool in the code. */
  record(code: Int32Array, feedback: Feedback, tally: RoundTally): void {
    const kind = feedback.failure ?? FAILURE.none;
    if (kind === FAILURE.toolError) tally.toolErrors++;
    else if (kind === FAILURE.paramError) tally.paramErrors++;
    else if (kind === FAILURE.ambiguousQuery) tally.ambiguousQueries++;
    else if (kind === FAILURE.toolUnavailable) tally.toolUnavailable++;
    const limit = this.breaker.failures;
    if (limit === 0) return;
    const failed = !feedback.solved && kind !== FAILURE.none;
    const counts =
      failed && (this.breaker.counts === 'all' || kind === FAILURE.toolError || kind === FAILURE.toolUnavailable);
    for (let p = 0; p < this.positions; p++) {
      const i = p * this.arity + code[p]!;
      if (!failed) {
        if (feedback.solved) this.streak[i] = 0;
        continue;
      }
      if (!counts) continue;
      if (++this.streak[i]! >= limit && this.enableAt[i]! < 0) {
        this.enableAt[i] = this.taskIndex + this.breaker.cooldown + 1;
        this.disabled.block(p, code[p]!);
        tally.breakerTrips++;
      }
    }
  }
}
