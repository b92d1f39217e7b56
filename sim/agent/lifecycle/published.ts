/**
 * published: the article's library — claims enter and leave only through evolutions (`--update replace`
 * drops what an evolution did not re-emit, `merge` keeps it), nothing is ever retired for being refuted.
 * With `--stale-halflife`, the article's proposed down-weighting of skills untested for long applies.
 */
import type { LibraryUpdate } from '../choices.js';
import { BaseLifecycle, type LifecycleParts } from './lifecycle.js';

export class PublishedLifecycle extends BaseLifecycle {
  protected override readonly readsTests = false;
  /** The Evolver's revision and the library's version as the last evolution left them (-1: none yet). */
  private evolvedAt = -1;
  private leftAt = -1;

  constructor(
    parts: LifecycleParts,
    slots: number,
    private readonly update: LibraryUpdate,
  ) {
    super(parts, slots);
  }

  override evolve(): void {
    // Counts unchanged and nothing done to the library since: the claims and what they do would be the last
    // evolution's (a stale half-life re-weights skills between evolutions, so it always evolves).
    const { evolver, library } = this;
    const same = evolver.revision === this.evolvedAt && library.version === this.leftAt;
    if (same && this.config.staleHalflife === 0) {
      this.library.reaffirm();
      this.leftAt = this.library.version;
      return;
    }
    const before = this.config.staleHalflife > 0 ? this.library.skills.slice() : null;
    this.library.beginUpdate(this.update);
    this.evolver.evolveInto(this.library);
    this.library.endUpdate();
    this.evolvedAt = evolver.revision;
    this.leftAt = this.library.version;
    // A skill dropped by an evolution starts afresh if a later one brings it back.
    if (before !== null) for (const skill of before) if (!this.library.skills.includes(skill)) this.untrack(skill);
  }

  protected reemitted(): void {}
  protected proposed(): void {}
  protected tested(): void {}
}
