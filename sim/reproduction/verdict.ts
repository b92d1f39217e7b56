/**
 * The audit's verdict: the best reading, the readings tied with it within Monte Carlo error, and which
 * hidden choices the published figures pin down. A choice is identified when one of its values holds at
 * least IDENTIFIED of the posterior (summed over the readings that have it), and left open otherwise.
 */
import type { AuditEntry, AuditResult } from './audit.js';
import { HIDDEN_CHOICES, type HiddenChoices, type HiddenKey } from './arms.js';
import type { PredictiveCheck } from './likelihood/predictive.js';

/** Posterior share at which a hidden choice counts as pinned down by the figures. */
export const IDENTIFIED = 0.95;

export interface ChoicePosterior {
  readonly key: HiddenKey;
  /** Posterior of each value, in the choice's order. */
  readonly values: readonly { readonly value: string; readonly posterior: number }[];
}

export interface Verdict {
  readonly best: AuditEntry;
  /** Readings within Monte Carlo error of the best, the best first. */
  readonly tied: readonly AuditEntry[];
  /** Choices whose leading value holds ≥ IDENTIFIED of the posterior. */
  readonly identified: Partial<HiddenChoices>;
  /** Choices the published figures cannot tell apart. */
  readonly open: readonly HiddenKey[];
  readonly marginals: readonly ChoicePosterior[];
  /** Whether any reading has a finite likelihood (some simulated publication comes close to the article). */
  readonly estimable: boolean;
  /** Whether the best reading places every published figure inside its single-run range. */
  readonly explainsEveryFigure: boolean;
  readonly check: PredictiveCheck | null;
  /** Replicates behind the best reading's estimates. */
  readonly replicates: number;
}

/** Posterior of each value of each hidden choice (NaN throughout when no reading is estimable). */
export function choicePosteriors(entries: readonly AuditEntry[]): ChoicePosterior[] {
  return HIDDEN_CHOICES.map((c) => ({
    key: c.key,
    values: c.values.map((value) => ({
      value,
      posterior: entries.filter((e) => e.hidden[c.key] === value).reduce((s, e) => s + e.posterior, 0),
    })),
  }));
}

export function verdict(audit: Pick<AuditResult, 'entries' | 'check'>): Verdict {
  const entries = audit.entries;
  const best = entries[0];
  if (best === undefined) throw new Error('verdict: empty audit');
  const marginals = choicePosteriors(entries);
  const identified: Record<string, string> = {};
  const open: HiddenKey[] = [];
  for (const m of marginals) {
    const top = m.values.reduce((a, b) => (b.posterior > a.posterior ? b : a));
    if (top.posterior >= IDENTIFIED) identified[m.key] = top.value;
    else open.push(m.key);
  }
  return {
    best,
    tied: entries.filter((e) => e.tiedWithBest),
    identified: identified as Partial<HiddenChoices>,
    open,
    marginals,
    estimable: Number.isFinite(best.likelihood.joint.log),
    explainsEveryFigure: best.inside === best.total,
    check: audit.check,
    replicates: best.replicates,
  };
}
