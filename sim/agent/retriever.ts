/**
 * The Retriever ranks the skills that apply in the task's context by weight (the confidence, under the
 * published rules), then evidence (descending), skipping skills of weight 0, takes the top k and merges them into a
 * constraint — the first skill wins where two name
 * the same position (a clash, counted). Top-k selection is done in place (no sorting copies): it may run
 * after every task.
 */
import { Constraint } from './constraint.js';
import type { Library } from './library.js';
import { compareSkills, covers, type Skill } from './skill.js';

/** A retrieval order: negative when `a` is handed over before `b`; total. */
export type SkillOrder = (a: Skill, b: Skill) => number;

/**
 * The Retriever: before each task, merges the top-k skills that apply in the task's context into one Constraint
 * for the Actor.
 */
export class Retriever {
  readonly constraint: Constraint;
  /** Clashes in the last retrieval. */
  clashes = 0;
  private readonly best: Skill[] = [];
  private count = 0;
  private builtFor = -1;
  private builtContext = -1;

  /**
   * `bans` adds values to avoid in a context (a lifecycle's mistakes) to each freshly built constraint;
   * `order` ranks the skills (default: the published order).
   */
  constructor(
    positions: number,
    private readonly topK: number,
    private readonly bans?: (constraint: Constraint, context: number) => void,
    private readonly order: SkillOrder = compareSkills,
  ) {
    this.constraint = new Constraint(positions);
  }

  /** The constraint for the library as it is now, in a context (rebuilt only when either changed). */
  retrieve(library: Library, context = 0): Constraint {
    if (library.version === this.builtFor && context === this.builtContext) return this.constraint;
    this.builtFor = library.version;
    this.builtContext = context;
    this.selectTopK(library.skills, context);
    this.constraint.clear();
    this.clashes = 0;
    for (let i = 0; i < this.count; i++) {
      const skill = this.best[i]!;
      if (!this.constraint.fix(skill.position, skill.value)) this.clashes++;
    }
    this.bans?.(this.constraint, context);
    return this.constraint;
  }

  /** Skills handed over in the last retrieval, best first. */
  get picked(): Skill[] {
    return this.best.slice(0, this.count);
  }

  /** Number of skills handed over in the last retrieval. */
  get pickedCount(): number {
    return this.count;
  }

  /** The i-th skill handed over in the last retrieval (no copy). */
  pickedAt(i: number): Skill {
    return this.best[i]!;
  }

  /**
   * best[0 … count) := the k best skills applying in `context`, in retrieval order (the order is total, so
   * this is exact).
   */
  private selectTopK(skills: readonly Skill[], context: number): void {
    const best = this.best;
    const k = this.topK;
    const compare = this.order;
    let count = 0;
    for (const skill of skills) {
      if (skill.weight <= 0 || !covers(skill, context)) continue;
      if (k === 0 || (count === k && compare(skill, best[k - 1]!) >= 0)) continue;
      let i = count < k ? count++ : k - 1;
      while (i > 0 && compare(skill, best[i - 1]!) < 0) {
        best[i] = best[i - 1]!;
        i--;
      }
      best[i] = skill;
    }
    this.count = count;
  }
}
