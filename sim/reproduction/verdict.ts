/**
 * The audit's verdict: which hidden choices the published figures pin down.
 *
 * The leading group is every combination not clearly worse than the best: as many published figures inside
 * its single-run 95 % range, and neither pattern share (whole, or its exploitation part) lower by more than
 * two standard errors of the difference. A choice is identified when the whole group agrees on it, and
 * left open otherwise — the published figures cannot tell its values apart.
 */
import type { AuditEntry } from './audit.js';
import { HIDDEN_CHOICES, type HiddenChoices, type HiddenKey } from './arms.js';

export interface Verdict {
  readonly best: AuditEntry;
  readonly leading: readonly AuditEntry[];
  /** Choices on which the leading group agrees. */
  readonly identified: Partial<HiddenChoices>;
  /** Choices the published figures cannot tell apart. */
  readonly open: readonly HiddenKey[];
  /** Whether the best combination places every published figure inside its single-run range. */
  readonly explainsEveryFigure: boolean;
}

/** Whether share p (of n runs) is below q (of m runs) by more than two standard errors of the difference. */
export function clearlyLower(p: number, n: number, q: number, m: number): boolean {
  const se = Math.sqrt((p * (1 - p)) / n + (q * (1 - q)) / m);
  return q - p > 2 * se && q > p;
}

export function clearlyWorse(e: AuditEntry, best: AuditEntry): boolean {
  return (
    e.inside < best.inside ||
    clearlyLower(e.patternShare, e.replicates, best.patternShare, best.replicates) ||
    clearlyLower(e.exploitPatternShare, e.replicates, best.exploitPatternShare, best.replicates)
  );
}

export function verdict(entries: readonly AuditEntry[]): Verdict {
  const best = entries[0];
  if (best === undefined) throw new Error('verdict: empty audit');
  const leading = entries.filter((e) => !clearlyWorse(e, best));
  const identified: Record<string, string> = {};
  const open: HiddenKey[] = [];
  for (const { key } of HIDDEN_CHOICES) {
    const values = new Set(leading.map((e) => e.hidden[key]));
    if (values.size === 1) identified[key] = best.hidden[key];
    else open.push(key);
  }
  return { best, leading, identified: identified as Partial<HiddenChoices>, open, explainsEveryFigure: best.inside === best.total };
}
