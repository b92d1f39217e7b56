/**
 * The Retriever ranks the skills that apply in the task's context by confidence, then evidence
 * (descending), takes the top k and merges them into a constraint — the first skill wins where two name
 * the same position (a clash, counted).
 */
import { Constraint } from './constraint.js';
import type { Library } from './library.js';
import { compareSkills, covers, type Skill } from './skill.js';

export class Retriever {
  readonly constraint: Constraint;
  /** Clashes in the last retrieval. */
  clashes = 0;
  /** Skills handed over in the last retrieval, best first. */
  picked: Skill[] = [];
  private builtFor = -1;
  private builtContext = -1;

  constructor(positions: number, private readonly topK: number) {
    this.constraint = new Constraint(positions);
  }

  /** The constraint for the library as it is now, in a context (rebuilt only when either changed). */
  retrieve(library: Library, context = 0): Constraint {
    if (library.version === this.builtFor && context === this.builtContext) return this.constraint;
    this.builtFor = library.version;
    this.builtContext = context;
    const eligible = library.contexts === 1 ? library.skills.slice() : library.skills.filter((s) => covers(s, context));
    this.picked = eligible.sort(compareSkills).slice(0, this.topK);
    this.constraint.clear();
    this.clashes = 0;
    for (const skill of this.picked) if (!this.constraint.fix(skill.position, skill.value)) this.clashes++;
    return this.constraint;
  }
}
