/**
 * The audit's verdict: the best reading, the readings tied with it, which hidden choices the published
 * figures pin down (decision.ts: identified only where the posterior interval's low end clears IDENTIFIED
 * at every bandwidth, and — for the test unit, whose Bayes factor the cross-check recomputes — only where
 * rejection ABC agrees), which no figure can tell apart by construction (their readings give identical runs),
 * how the answer moves with the prior, and what the best reading's simulated publications say about the
 * article as a whole (the predictive check, how extreme its most extreme figure is, how rare its story).
 */
import {
  readingValues,
  type AuditEntry,
  type AuditResult,
  type BestReadingChecks,
  type RandomControlCheck,
} from './audit.js';
import { meanInterval } from '../core/stats.js';
import { PUBLISHED_AGENT } from '../agent/agentConfig.js';
import { HIDDEN_CHOICES, type HiddenChoices, type HiddenKey } from './arms.js';
import { sameRuns, type SameRuns } from './checks/sameRuns.js';
import { decide, IDENTIFIED, type ChoicePosterior, type Decision } from './decision.js';
import type { ConfidenceSet } from './calibration/articleSet.js';
import { testUnitFrom, type TestUnitCheck } from './checks/crossCheck.js';

export { IDENTIFIED } from './decision.js';

/** The prior tilts of the sensitivity line: each choice's code default weighted 1:2 and 2:1 against the rest. */
export const PRIOR_TILTS: readonly number[] = [0.5, 2];
/** The deliberately skewed prior: each choice's value other than the best reading's weighted this much more. */
export const AGAINST_THE_BEST = 100;

export interface PriorSensitivity {
  /** Which prior: "uniform", "defaults 0.5:1" and "defaults 2:1", or "against the best 100:1". */
  readonly prior: string;
  /** Weight of each choice's default value against each other value (1 for the others). */
  readonly tilt: number;
  readonly bestPosterior: number;
  readonly identified: Partial<HiddenChoices>;
}

/** Prior weights of the readings: AGAINST_THE_BEST for each choice at a value other than `best`'s, 1 otherwise. */
export function skewedPrior(grid: readonly HiddenChoices[], best: HiddenChoices): number[] {
  return grid.map((h) => HIDDEN_CHOICES.reduce((w, c) => w * (h[c.key] === best[c.key] ? 1 : AGAINST_THE_BEST), 1));
}

/**
 * The cross-checks (checks/crossCheck.ts), rejection ABC and a synthetic likelihood, read against the main
 * estimator.
 */
export interface CrossCheckSummary {
  readonly rows: readonly {
    readonly entry: AuditEntry;
    readonly abc: { log: number; se: number };
    readonly synthetic: { log: number; se: number } | null;
    readonly main: { log: number; se: number };
  }[];
  /** Whether ABC keeps every reading tied with the best above every other cross-checked reading. */
  readonly orderAgrees: boolean;
  /** The same by the synthetic likelihood (false where it could not estimate a reading). */
  readonly syntheticOrderAgrees: boolean;
  /**
   * log Bayes factor of the best reading against its twin in the test unit, by each method, and whether each
   * cross-check agrees with the main estimator within their 95 % interval.
   */
  readonly testUnit: TestUnitCheck | null;
}

/** One reading's mean of a figure over its bank runs, with its standard error. */
export interface ReadingMean {
  readonly hidden: HiddenChoices;
  readonly mean: number;
  readonly se: number;
  readonly runs: number;
}

/**
 * The library's effect over the readings the figures leave open — those in the 90 % credible set and those not
 * estimable that could still compete — as the range of their exploitation arm's final mean: the lowest and
 * highest, each with its Monte Carlo error.
 */
export interface OpenEffect {
  readonly readings: number;
  readonly lowest: ReadingMean;
  readonly highest: ReadingMean;
}

export interface Verdict {
  readonly best: AuditEntry;
  /** The best reading's posterior interval (Monte Carlo and bandwidth). */
  readonly bestInterval: readonly [number, number];
  /** Readings within Monte Carlo error of the best, the best first. */
  readonly tied: readonly AuditEntry[];
  /** Choices whose leading value's interval clears IDENTIFIED at every bandwidth. */
  readonly identified: Partial<HiddenChoices>;
  /** Choices the published figures cannot tell apart. */
  readonly open: readonly HiddenKey[];
  /** Per open choice, the readings not estimable that could compete holding a value other than its leading one. */
  readonly blockedBy: Partial<Record<HiddenKey, readonly AuditEntry[]>>;
  /**
   * The open choices the estimable readings alone would identify: readings not estimable whose bounds could
   * compete are what keep them open.
   */
  readonly heldOpen: readonly HiddenKey[];
  readonly marginals: readonly ChoicePosterior[];
  /** Choices whose readings give identical runs: no figure can tell their values apart. */
  readonly unidentifiable: readonly HiddenKey[];
  /** For every choice, how many of the credible readings' runs its twins reproduce exactly. */
  readonly sameRuns: readonly SameRuns[];
  /** The 90 % credible set, most probable first. */
  readonly credible: readonly AuditEntry[];
  /** The exploitation arm's final round over the readings left open. */
  readonly openEffect: OpenEffect;
  /**
   * The 90 % confidence set (calibration/articleSet.ts) and what it rests on, smallest λ first; null when it
   * was not computed (a quick audit).
   */
  readonly confidence: (Omit<ConfidenceSet, 'members'> & { readonly members: readonly AuditEntry[] }) | null;
  /** Readings not estimable at this count, and those of them that could compete with the best. */
  readonly notEstimable: readonly AuditEntry[];
  readonly couldCompete: readonly AuditEntry[];
  readonly priorSensitivity: readonly PriorSensitivity[];
  /** Whether any reading is estimable. */
  readonly estimable: boolean;
  /** Whether the best reading places every published figure inside its single-run range. */
  readonly explainsEveryFigure: boolean;
  readonly checks: BestReadingChecks | null;
  readonly crossCheck: CrossCheckSummary;
  readonly randomControl: RandomControlCheck;
  /** Replicates per arm and reading. */
  readonly replicates: number;
}

/** Prior weights of the readings: `tilt` for each choice at its code default, 1 otherwise. */
export function tiltedPrior(grid: readonly HiddenChoices[], tilt: number): number[] {
  return grid.map((h) => HIDDEN_CHOICES.reduce((w, c) => w * (h[c.key] === PUBLISHED_AGENT[c.key] ? tilt : 1), 1));
}

/** The audit's decision on its own readings (in grid order). */
export function auditDecision(
  audit: Pick<AuditResult, 'entries' | 'simulations'>,
  prior?: readonly number[],
): Decision {
  const byIndex = [...audit.entries].sort((a, b) => a.index - b.index).map((e) => e.likelihood);
  return decide(audit.simulations.grid, byIndex, { seed: 1, ...(prior !== undefined ? { prior } : {}) });
}

function summarise(audit: Omit<AuditResult, 'runs'>, entries: ReadonlyMap<number, AuditEntry>): CrossCheckSummary {
  const rows = audit.crossCheck.map((c) => ({
    entry: entries.get(c.index)!,
    abc: c.abc,
    synthetic: c.synthetic,
    main: c.main,
  }));
  const tied = rows.filter((r) => r.entry.tiedWithBest);
  const others = rows.filter((r) => !r.entry.tiedWithBest);
  const orderAgrees = tied.length > 0 && others.every((o) => tied.every((t) => t.abc.log > o.abc.log));
  const syntheticOrderAgrees =
    tied.length > 0 &&
    rows.every((r) => r.synthetic !== null) &&
    others.every((o) => tied.every((t) => t.synthetic!.log > o.synthetic!.log));
  const best = rows.find((r) => r.entry === audit.entries[0]);
  const twin =
    best &&
    rows.find((r) =>
      HIDDEN_CHOICES.every((c) =>
        c.key === 'testUnit'
          ? r.entry.hidden[c.key] !== best.entry.hidden[c.key]
          : r.entry.hidden[c.key] === best.entry.hidden[c.key],
      ),
    );
  const testUnit = best === undefined || twin === undefined ? null : testUnitFrom(best, twin);
  return { rows, orderAgrees, syntheticOrderAgrees, testUnit };
}

export function verdict(audit: Omit<AuditResult, 'runs'>, confidence: ConfidenceSet | null = null): Verdict {
  const entries = audit.entries;
  const best = entries[0];
  if (best === undefined) throw new Error('verdict: empty audit');
  const decision = auditDecision(audit);
  const byIndex = new Map(entries.map((e) => [e.index, e]));
  const credible = decision.credible.map((i) => byIndex.get(i)!);
  const same = sameRuns(
    audit.simulations,
    credible.map((e) => e.index),
  );
  // The cross-checks test the one choice their Bayes factor is about: where either disagrees, it stays open.
  const crossCheck = summarise(audit, byIndex);
  const t = crossCheck.testUnit;
  const disagrees = t !== null && !(t.agree && t.syntheticAgrees) && decision.identified.testUnit !== undefined;
  const withoutVeto = (x: Partial<HiddenChoices>): Partial<HiddenChoices> =>
    Object.fromEntries(
      Object.entries(x).filter(([key]) => !(disagrees && key === 'testUnit')),
    ) as Partial<HiddenChoices>;
  const identified = withoutVeto(decision.identified);
  const open = [...decision.open];
  if (disagrees) {
    open.push('testUnit');
    open.sort((a, b) => HIDDEN_CHOICES.findIndex((c) => c.key === a) - HIDDEN_CHOICES.findIndex((c) => c.key === b));
  }
  const finalMean = (e: AuditEntry): ReadingMean => {
    const xs = readingValues(audit.simulations, e.index).get('exploit.final')!;
    const { mean, se } = meanInterval(Array.from(xs).filter((x) => !Number.isNaN(x)));
    return { hidden: e.hidden, mean, se, runs: xs.length };
  };
  const open_ = [...new Set([...credible, ...decision.couldCompete.map((i) => byIndex.get(i)!)])].map(finalMean);
  const lowest = open_.reduce((a, b) => (b.mean < a.mean ? b : a));
  const highest = open_.reduce((a, b) => (b.mean > a.mean ? b : a));
  const priors: { prior: string; tilt: number; weights: number[] }[] = [
    { prior: 'uniform', tilt: 1, weights: audit.simulations.grid.map(() => 1) },
    ...PRIOR_TILTS.map((tilt) => ({
      prior: `defaults ${tilt}:1`,
      tilt,
      weights: tiltedPrior(audit.simulations.grid, tilt),
    })),
    {
      prior: `against the best ${AGAINST_THE_BEST}:1`,
      tilt: 1,
      weights: skewedPrior(audit.simulations.grid, best.hidden),
    },
  ];
  const priorSensitivity = priors.map(({ prior, tilt, weights }) => {
    const d = prior === 'uniform' ? decision : auditDecision(audit, weights);
    return { prior, tilt, bestPosterior: d.posteriors[best.index]!, identified: withoutVeto(d.identified) };
  });
  return {
    best,
    bestInterval: decision.bestInterval,
    tied: entries.filter((e) => e.tiedWithBest),
    identified,
    open,
    heldOpen: open.filter((k) => {
      const top = decision.marginals
        .find((m) => m.key === k)!
        .values.reduce((a, b) => (b.posterior > a.posterior ? b : a));
      return (decision.blockedBy[k]?.length ?? 0) > 0 && top.estimableLow >= IDENTIFIED;
    }),
    blockedBy: Object.fromEntries(
      Object.entries(decision.blockedBy).map(([key, list]) => [key, list!.map((i) => byIndex.get(i)!)]),
    ),
    marginals: decision.marginals,
    unidentifiable: same.filter((s) => s.runs > 0 && s.identical === s.runs).map((s) => s.key),
    sameRuns: same,
    credible,
    openEffect: { readings: open_.length, lowest, highest },
    confidence: confidence === null ? null : { ...confidence, members: confidence.members.map((i) => byIndex.get(i)!) },
    notEstimable: entries.filter((e) => !e.likelihood.estimable),
    couldCompete: decision.couldCompete.map((i) => byIndex.get(i)!),
    priorSensitivity,
    estimable: best.likelihood.estimable,
    explainsEveryFigure: best.inside === best.total,
    checks: audit.checks,
    crossCheck,
    randomControl: audit.randomControl,
    replicates: audit.replicates,
  };
}
