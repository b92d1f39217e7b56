/**
 * The Retriever ranks skills by confidence, then evidence (descending), takes the top k and merges them
 * into a constraint — the first skill wins where two name the same position (a clash, counted).
 * Top-k selection is done in place (no sorting copies): it may run after every task.
 */
import { Constraint } from './constraint.js';
import type { Library } from './library.js';
import { compareSkills, type Skill } from './skill.js';

export class Retriever {
  readonly constraint: Constraint;
  /** Clashes in the last retrieval. */
  clashes = 0;
  private readonly best: Skill[] = [];
  private count = 0;
  private builtFor = -1;

  constructor(positions: number, private readonly topK: number) {
    this.constraint = new Constraint(positions);
  }

  /** The constraint for the library as it is now (rebuilt only when the library changed). */
  retrieve(library: Library): Constraint {
    if (library.version === this.builtFor) return this.constraint;
    this.builtFor = library.version;
    this.selectTopK(library.skills);
    this.constraint.clear();
    this.clashes = 0;
    for (let i = 0; i < this.count; i++) {
      const skill = this.best[i]!;
      if (!this.constraint.fix(skill.position, skill.value)) this.clashes++;
    }
    return this.constraint;
  }

  /** Skills handed over in the last retrieval, best first. */
  get picked(): Skill[] {
    return this.best.slice(0, this.count);
  }

  /** best[0 … count) := the k best skills in retrieval order (compareSkills is a total order, so this is exact). */
  private selectTopK(skills: readonly Skill[]): void {
    const best = this.best;
    const k = this.topK;
    let count = 0;
    for (const skill of skills) {
      if (k === 0 || (count === k && compareSkills(skill, best[k - 1]!) >= 0)) continue;
      let i = count < k ? count++ : k - 1;
      while (i > 0 && compareSkills(skill, best[i - 1]!) < 0) {
        best[i] = best[i - 1]!;
        i--;
      }
      best[i] = skill;
    }
    this.count = count;
  }
}
