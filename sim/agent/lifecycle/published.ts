/**
 * published: the article's library — claims enter and leave only through evolutions (`--update replace`
 * drops what an evolution did not re-emit, `merge` keeps it), nothing is ever retired for being refuted.
 * With `--stale-halflife`, the article's proposed down-weighting of skills untested for long applies.
 */
import type { LibraryUpdate } from '../choices.js';
import { BaseLifecycle, type LifecycleParts } from './lifecycle.js';

export class PublishedLifecycle extends BaseLifecycle {
  protected override readonly readsTests = false;

  constructor(
    parts: LifecycleParts,
    slots: number,
    private readonly update: LibraryUpdate,
  ) {
    super(parts, slots);
  }

  override evolve(): void {
    const before = this.config.staleHalflife > 0 ? this.library.skills.slice() : null;
    this.library.beginUpdate(this.update);
    this.evolver.evolveInto(this.library);
    this.library.endUpdate();
    // A skill dropped by an evolution starts afresh if a later one brings it back.
    if (before !== null) for (const skill of before) if (!this.library.skills.includes(skill)) this.untrack(skill);
  }

  protected reemitted(): void {}
  protected proposed(): void {}
  protected tested(): void {}
}
