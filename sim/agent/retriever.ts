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
  /** The (position, value) pairs the constraint was last built from, in order, and their number. */
  private readonly built: number[] = [];
  private builtCount = -1;
  /** Whether what the constraint is built from is the skills' claims alone (no bans, the published order). */
  private readonly readsClaimsOnly: boolean;

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
    this.readsClaimsOnly = bans === undefined && order === compareSkills;
  }

  /** The constraint for the library as it is now, in a context (rebuilt only when either changed). */
  retrieve(library: Library, context = 0): Constraint {
    // The published order reads no test record, so an evolution that only settled tests changes nothing it
    // reads; another order may read them, and bans may depend on them.
    const version = this.readsClaimsOnly ? library.claimsVersion : library.version;
    if (version === this.builtFor && context === this.builtContext) return this.constraint;
    this.builtFor = version;
    this.builtContext = context;
    this.selectTopK(library.skills, context);
    // An evolution often hands over the same claims again; the constraint they build (and its clashes) is then the
    // one already held, and keeping it spares the Actor rebuilding what it derives from it. Bans depend on more
    // than the picks, so a lifecycle's constraint is always built afresh.
    if (this.bans === undefined && this.samePicks()) return this.constraint;
    this.constraint.clear();
    this.clashes = 0;
    for (let i = 0; i < this.count; i++) {
      const skill = this.best[i]!;
      this.built[2 * i] = skill.position;
      this.built[2 * i + 1] = skill.value;
      if (!this.constraint.fix(skill.position, skill.value)) this.clashes++;
    }
    this.builtCount = this.count;
    this.bans?.(this.constraint, context);
    return this.constraint;
  }

  /** Whether the picks just selected name the same (position, value) pairs, in order, as the built constraint. */
  private samePicks(): boolean {
    if (this.count !== this.builtCount) return false;
    const built = this.built;
    for (let i = 0; i < this.count; i++) {
      const skill = this.best[i]!;
      if (skill.position !== built[2 * i] || skill.value !== built[2 * i + 1]) return false;
    }
    return true;
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
