/**
 * What the audit watches in each replicate it simulates, through `ReplicateOptions.observe`: every test
 * accounting's counts (accountingTally.ts), and how many skills evolutions under `--update replace` dropped — while
 * none is, the library is what `merge` would have made of the same claims (merge keeps what replace drops, and
 * nothing else differs), which is how a `merge` simulation rides on its `replace` twin (`pairTwins`).
 */
import type { LibraryObserver } from '../../agent/history/observer.js';
import type { Library } from '../../agent/library.js';
import type { ReplicateObserver, ReplicateOptions } from '../../experiment/replicate.js';
import { AccountingTally, type AccountingMetrics } from './accountingTally.js';

export class ReplicateWatch {
  /** Skills the replicate's evolutions under `replace` dropped (0 without a library). */
  dropped = 0;
  private tally: AccountingTally | null = null;
  private readonly replacements: LibraryObserver = {
    left: (_skill, reason) => {
      if (reason === 'replaced') this.dropped++;
    },
  };
  private readonly options: ReplicateOptions;

  constructor(
    base: ReplicateOptions,
    private readonly what: { readonly accountings: boolean; readonly replacements: boolean },
  ) {
    this.options = what.accountings || what.replacements ? { ...base, observe: this.observe } : base;
  }

  private readonly observe = (library: Library): ReplicateObserver => {
    if (!this.what.accountings) return this.replacements;
    this.tally = new AccountingTally(library);
    if (this.what.replacements) library.attach(this.replacements);
    return this.tally;
  };

  /** The options of the next replicate, watched afresh. */
  next(): ReplicateOptions {
    this.dropped = 0;
    this.tally = null;
    return this.options;
  }

  /** The last replicate's evaluation rounds under every accounting (none without a library, or not asked). */
  get accountings(): readonly AccountingMetrics[] {
    return this.tally?.rounds ?? [];
  }
}
