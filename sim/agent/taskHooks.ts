/**
 * What the runner does around each task beyond the Actor's own loop: the exploration policy's rate, the
 * lifecycle's before/after passes. One reusable outcome object, so the published path allocates nothing
 * per task.
 */
import type { ExplorationPolicy } from './exploration/policy.js';
import type { Library } from './library.js';
import type { Lifecycle, TaskOutcome } from './lifecycle/lifecycle.js';
import type { Retriever } from './retriever.js';
import type { Skill } from './skill.js';
import type { ToolRegistry } from './tools/registry.js';

class Outcome implements TaskOutcome {
  taskIndex = 0;
  context = 0;
  attempts = 0;
  solved = false;
  constructor(private readonly retriever: Retriever | undefined) {}
  get applied(): readonly Skill[] {
    return this.retriever?.picked ?? [];
  }
}

export class TaskHooks {
  private readonly outcome: Outcome;
  private testsSeen = 0;
  private refutationsSeen = 0;
  /**
   * Whether `before` and `after` change nothing but the rate, which is constant: a runner may then run a
   * round's tasks without them, taking the rate once from `rate`.
   */
  readonly passive: boolean;

  constructor(
    readonly lifecycle: Lifecycle | undefined,
    retriever: Retriever | undefined,
    private readonly exploration: ExplorationPolicy,
    private readonly library: Library | undefined,
    private readonly tools: ToolRegistry | undefined,
  ) {
    this.outcome = new Outcome(retriever);
    this.passive =
      (lifecycle === undefined || lifecycle.perTask === false) && exploration.constant === true && tools === undefined;
  }

  /** The exploration rate for a task (all a passive `before` does). */
  rate(taskIndex: number): number {
    return this.exploration.rate(taskIndex);
  }

  /** After the world is reset, before the Actor plans; returns the task's exploration rate. */
  before(taskIndex: number, context: number): number {
    this.lifecycle?.beforeTask(taskIndex, context);
    this.tools?.beginTask(taskIndex);
    return this.exploration.rate(taskIndex);
  }

  /** After the Actor's task. */
  after(taskIndex: number, context: number, attempts: number, solved: boolean): void {
    const lib = this.library;
    if (lib !== undefined) {
      // Tests since the last task, including those an evolution in between counted.
      this.exploration.observe(lib.tests - this.testsSeen, lib.refutations - this.refutationsSeen);
      this.testsSeen = lib.tests;
      this.refutationsSeen = lib.refutations;
    }
    if (this.lifecycle === undefined) return;
    const o = this.outcome;
    o.taskIndex = taskIndex;
    o.context = context;
    o.attempts = attempts;
    o.solved = solved;
    this.lifecycle.afterTask(o);
  }

  get retired(): number {
    return this.lifecycle?.retired ?? 0;
  }
}
