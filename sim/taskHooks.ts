/**
 * What the runner does around each task beyond the Actor's own loop: the lifecycle's before/after
 * passes. One reusable outcome object, so the published path allocates nothing per task.
 */
import type { Lifecycle, TaskOutcome } from './lifecycle/lifecycle.js';
import type { Retriever } from './retriever.js';
import type { Skill } from './skill.js';

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

  constructor(readonly lifecycle: Lifecycle | undefined, retriever: Retriever | undefined) {
    this.outcome = new Outcome(retriever);
  }

  /** After the world is reset, before the Actor plans. */
  before(taskIndex: number, context: number): void {
    this.lifecycle?.beforeTask(taskIndex, context);
  }

  /** After the Actor's task. */
  after(taskIndex: number, context: number, attempts: number, solved: boolean): void {
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
