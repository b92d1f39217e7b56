/**
 * The Retriever ranks skills by confidence, then evidence (descending), takes the top k and merges them
 * into a constraint — the first skill wins where two name the same position (a clash, counted).
 */
import { Constraint } from './constraint.js';
import type { Library } from './library.js';
import { compareSkills, type Skill } from './skill.js';

export class Retriever {
  readonly constraint: Constraint;
  /** Clashes in the last retrieval. */
  clashes = 0;
  /** Skills handed over in the last retrieval, best first. */
  picked: Skill[] = [];
  private builtFor = -1;

  constructor(positions: number, private readonly topK: number) {
    this.constraint = new Constraint(positions);
  }

  /** The constraint for the library as it is now (rebuilt only when the library changed). */
  retrieve(library: Library): Constraint {
    if (library.version === this.builtFor) return this.constraint;
    this.builtFor = library.version;
    this.picked = library.skills.slice().sort(compareSkills).slice(0, this.topK);
    this.constraint.clear();
    this.clashes = 0;
    for (const skill of this.picked) if (!this.constraint.fix(skill.position, skill.value)) this.clashes++;
    return this.constraint;
  }
}
