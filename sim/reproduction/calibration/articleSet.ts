/**
 * The article's 90 % confidence set (confidence.ts): each reading near the best gets its own threshold from
 * publications simulated under it, and is in the set when the article's λ lies at or below it.
 *
 * Only readings with λ within a span are examined: first those within SPAN, then — whenever a threshold found
 * reaches the span — those within twice the largest threshold, until every threshold lies below the span. A
 * reading further out would need a threshold larger than any of those examined to enter (an assumption the
 * set names: `span`). Readings the article's figures leave not estimable are in neither set.
 */
import type { AuditResult } from '../audit.js';
import { simulateGrid } from '../audit.js';
import { ARMS } from '../arms.js';
import type { SimulationPool } from '../simulationJobs.js';
import { lambdasOf } from './calibrate.js';
import {
  mainLogs,
  ratioStatistic,
  THRESHOLD_PUBLICATIONS,
  thresholdOf,
  thresholdSeed,
  withinThreshold,
  type ReadingThreshold,
} from './confidence.js';
import { bankOf, Judge } from './judge.js';
import { publicationOf } from './publications.js';

/** The first span of λ examined (nats). */
export const SPAN = 4;
/** The span is not widened past this. */
const MAX_SPAN = 64;

export interface ExaminedReading extends ReadingThreshold {
  /** The article's λ. */
  readonly lambda: number;
}

export interface ConfidenceSet {
  /** Readings in the set (λ at or below their threshold), smallest λ first. */
  readonly members: readonly number[];
  /** Every reading examined, smallest λ first. */
  readonly examined: readonly ExaminedReading[];
  /** Readings with λ beyond this were not examined: every threshold found lies below it. */
  readonly span: number;
  /** Simulated publications behind each threshold. */
  readonly publications: number;
}

export async function confidenceSet(
  audit: Pick<AuditResult, 'entries' | 'simulations' | 'bandwidths' | 'replicates'>,
  seed: number,
  pool: SimulationPool,
  options: {
    readonly publications?: number;
    /** Called after each publication judged, counting those of the readings examined so far. */
    readonly onProgress?: (done: number, total: number) => void;
  } = {},
): Promise<ConfidenceSet> {
  const publications = options.publications ?? THRESHOLD_PUBLICATIONS;
  const report = options.onProgress;
  let judged = 0;
  const bank = audit.simulations;
  const logs = mainLogs([...audit.entries].sort((a, b) => a.index - b.index).map((e) => e.likelihood));
  const lambda = logs.map((_, i) => ratioStatistic(logs, i));
  const byLambda = lambda.map((x, i) => ({ x, i })).filter((r) => r.x < Infinity);
  byLambda.sort((a, b) => a.x - b.x || a.i - b.i);
  // Each threshold's publications are judged as the article is, refinement included.
  const judge = new Judge(bankOf(audit, seed), pool, false);
  const examined: ExaminedReading[] = [];
  let span = SPAN;
  for (;;) {
    const next = byLambda.filter((r) => r.x <= span && !examined.some((e) => e.index === r.i)).map((r) => r.i);
    if (next.length > 0) {
      const grid = next.map((i) => bank.grid[i]!);
      const { simulations: fresh } = await simulateGrid(grid, thresholdSeed(seed), publications, pool);
      const total = (examined.length + next.length) * publications;
      const onJudged = report && (() => report(++judged, total));
      for (const [c, index] of next.entries()) {
        const runs = new Map(ARMS.map((arm, a) => [arm.id, fresh.values.get(fresh.keys[c]![a]!)!] as const));
        const own = await judge.all(
          Array.from({ length: publications }, (_, k) => publicationOf(runs, k)),
          onJudged,
        );
        const lambdas = lambdasOf(own, index);
        examined.push({
          index,
          hidden: bank.grid[index]!,
          threshold: thresholdOf(lambdas),
          notEstimable: lambdas.filter((x) => x === Infinity).length,
          lambda: lambda[index]!,
        });
      }
    }
    const largest = Math.max(0, ...examined.map((e) => e.threshold.value));
    if (largest < span || span >= MAX_SPAN) break;
    span = Math.min(MAX_SPAN, 2 * largest);
  }
  examined.sort((a, b) => a.lambda - b.lambda || a.index - b.index);
  return {
    members: examined.filter((e) => withinThreshold(e.lambda, e.threshold)).map((e) => e.index),
    examined,
    span,
    publications,
  };
}
