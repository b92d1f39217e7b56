/**
 * Policies from module files, their calls guarded (hookGuard.ts): what a hook throws becomes
 * one PluginError naming the module, the policy and the hook; a value the runner depends on is checked (an
 * exploration rate in [0, 1], a ranking's number); and the thread's heartbeat names the hook while it runs,
 * so the pool watching the thread can stop one that never returns. Each runs outside the attempt loop.
 */
import type { Constraint } from '../constraint.js';
import type { ExtractionRule } from '../evolver.js';
import type { ExplorationPolicy } from '../exploration/policy.js';
import type { Lifecycle, TaskOutcome } from '../lifecycle/lifecycle.js';
import type { Skill } from '../skill.js';
import { msg } from '../../core/messages.js';
import { HookGuard, shownPath } from './hookGuard.js';
import { moduleStore } from '../moduleStore.js';
import type { PolicyKind, PolicyPlugin } from './contracts.js';

/** The guard of a policy: named by its module file, or by its kind and name when registered from code. */
export function policyGuard(kind: PolicyKind, plugin: PolicyPlugin): HookGuard {
  const file = moduleStore.policyFile(plugin);
  return new HookGuard(file === undefined ? `${kind} policy` : shownPath(file.path), `${kind} '${plugin.name}'`);
}

class GuardedLifecycle implements Lifecycle {
  readonly perTask?: boolean;
  banInto?(constraint: Constraint, context: number): void;
  private readonly evolveMark: number;
  private readonly beforeMark: number;
  private readonly afterMark: number;

  constructor(
    private readonly inner: Lifecycle,
    private readonly guard: HookGuard,
  ) {
    if (inner.perTask !== undefined) this.perTask = inner.perTask;
    this.evolveMark = guard.mark('evolve()');
    this.beforeMark = guard.mark('beforeTask()');
    this.afterMark = guard.mark('afterTask()');
    if (typeof inner.banInto === 'function') {
      const mark = guard.mark('banInto()');
      this.banInto = (constraint, context) => guard.call(mark, () => inner.banInto!(constraint, context));
    }
  }

  get retired(): number {
    return this.inner.retired;
  }

  evolve(): void {
    this.guard.call(this.evolveMark, () => this.inner.evolve());
  }

  beforeTask(taskIndex: number, context: number): void {
    this.guard.call(this.beforeMark, () => this.inner.beforeTask(taskIndex, context));
  }

  afterTask(outcome: TaskOutcome): void {
    this.guard.call(this.afterMark, () => this.inner.afterTask(outcome));
  }
}

export function guardedLifecycle(made: Lifecycle, guard: HookGuard): Lifecycle {
  return new GuardedLifecycle(made, guard);
}

class GuardedExploration implements ExplorationPolicy {
  readonly mayExplore: boolean;
  readonly constant?: boolean;
  private readonly rateMark: number;
  private readonly observeMark: number;

  constructor(
    private readonly inner: ExplorationPolicy,
    private readonly guard: HookGuard,
  ) {
    this.mayExplore = inner.mayExplore;
    if (inner.constant !== undefined) this.constant = inner.constant;
    this.rateMark = guard.mark('rate()');
    this.observeMark = guard.mark('observe()');
  }

  rate(taskIndex: number): number {
    const rate = this.guard.call(this.rateMark, () => this.inner.rate(taskIndex));
    if (!(typeof rate === 'number' && rate >= 0 && rate <= 1))
      throw this.guard.error(this.rateMark, msg.plugin.badRate(rate), [`task ${taskIndex + 1} of the run`]);
    return rate;
  }

  observe(tests: number, refutations: number): void {
    this.guard.call(this.observeMark, () => this.inner.observe(tests, refutations));
  }
}

export function guardedExploration(made: ExplorationPolicy, guard: HookGuard): ExplorationPolicy {
  return new GuardedExploration(made, guard);
}

export function guardedExtraction(made: ExtractionRule, guard: HookGuard): ExtractionRule {
  const mark = guard.mark('extract()');
  return {
    extract: (counts, n, emit, position) => guard.call(mark, () => made.extract(counts, n, emit, position)),
  };
}

/** A ranking's compare, guarded; its result must be a number (NaN, like 0, is a tie). */
export function guardedCompare(
  compare: (a: Skill, b: Skill) => number,
  guard: HookGuard,
): (a: Skill, b: Skill) => number {
  const mark = guard.mark('compare()');
  return (a, b) => {
    const outer = guard.enter(mark);
    let order: number;
    try {
      order = compare(a, b);
    } catch (e) {
      throw guard.threw(mark, e);
    } finally {
      guard.leave(outer);
    }
    if (typeof order !== 'number') throw guard.error(mark, msg.plugin.notNumber(order));
    return order;
  };
}
