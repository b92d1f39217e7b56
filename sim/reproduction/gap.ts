/**
 * The published skill library against agents that use the feedback inside a task: the consistent opener
 * (guesses uniformly among codes consistent with the task's feedback) and the optimal opener (least
 * expected attempts), both without a library, on the published protocol. Their exact expectation is the
 * same in every round (13/4 on the 4-bit lock); the gap is how many attempts per task the library leaves
 * on the table. Openers share the published protocol and seed with the arms, so replicate i of every run
 * plays the same world; the gap's interval is taken over replicate-wise differences.
 */
import { findArm, armConfig, PUBLISHED_WORLD, type BenchmarkWorld, type HiddenChoices } from './arms.js';
import { PUBLISHED_AGENT } from '../agent/agentConfig.js';
import { normalizeRun, PUBLISHED_RUN, type Run } from '../experiment/config.js';
import type { ExactValue } from '../core/analytics.js';
import { runExperiment } from '../experiment/experiment.js';
import { FIGURES } from './figures.js';
import type { RoundMetrics } from '../core/metrics.js';
import { meanInterval, type Interval } from '../core/stats.js';
import { openerAnchor } from '../limits/openerAnchor.js';
import type { ActionSpace } from '../core/world/env.js';

export type OpenerId = 'consistent' | 'optimal';

export const OPENERS: readonly { readonly id: OpenerId; readonly label: string }[] = [
  { id: 'consistent', label: 'consistent opener (in-task feedback, no library)' },
  { id: 'optimal', label: 'optimal opener (in-task feedback, no library)' },
];

export interface OpenerRuns {
  readonly id: OpenerId;
  readonly label: string;
  readonly config: Run;
  /** [replicate][round] */
  readonly replicates: RoundMetrics[][];
}

export function openerConfig(
  id: OpenerId,
  seed: number,
  replicates: number,
  world: BenchmarkWorld = PUBLISHED_WORLD,
): Run {
  return normalizeRun({
    ...PUBLISHED_RUN,
    ...world,
    seed,
    replicates,
    agent: { ...PUBLISHED_AGENT, actor: id, library: false },
  });
}

/** The openers on the published lock, or those of `only` in another world (the ones its feedback allows). */
export function runOpeners(
  seed: number,
  replicates: number,
  world: BenchmarkWorld = PUBLISHED_WORLD,
  only: readonly OpenerId[] = ['consistent', 'optimal'],
): OpenerRuns[] {
  return OPENERS.filter(({ id }) => only.includes(id)).map(({ id, label }) => {
    const config = openerConfig(id, seed, replicates, world);
    return { id, label, config, replicates: runExperiment(config).replicates };
  });
}

export interface GapRow {
  /** 'exploit' (the published library, pure exploitation) or an opener. */
  readonly id: 'exploit' | OpenerId;
  readonly what: string;
  /** The article's figure (exploit only). */
  readonly published: number | null;
  /** Exact expected attempts per task (openers only). */
  readonly exact: ExactValue | null;
  /** Mean attempts in the final round over replicates, with its 95 % interval. */
  readonly mean: number;
  readonly ci95: Interval | null;
  /** Library minus this, final round, paired by replicate (openers only). */
  readonly gap: number | null;
  readonly gapCi95: Interval | null;
  /** The article's 4.2 minus the exact value (openers only). */
  readonly publishedGap: number | null;
}

const finalOf = (replicates: readonly (readonly RoundMetrics[])[]): number[] =>
  replicates.map((rounds) => rounds[rounds.length - 1]!.meanAttempts);

/**
 * Rows: the library's final round, then each opener with its exact value and its gap to the library. The
 * exact values are those of the binary lock (its `bits`, or the positions of `space` for another world).
 */
export function openerGapRows(
  library: readonly (readonly RoundMetrics[])[],
  openers: readonly OpenerRuns[],
  space?: ActionSpace,
): GapRow[] {
  const published = FIGURES.find((f) => f.id === 'exploit.final')!.published;
  const lib = finalOf(library);
  const libStats = meanInterval(lib);
  const rows: GapRow[] = [
    {
      id: 'exploit',
      what: 'published library, pure exploitation',
      published,
      exact: null,
      mean: libStats.mean,
      ci95: libStats.ci95,
      gap: null,
      gapCi95: null,
      publishedGap: null,
    },
  ];
  for (const o of openers) {
    const own = finalOf(o.replicates);
    if (own.length !== lib.length) throw new Error(`gap: ${o.id} needs as many replicates as the library`);
    const stats = meanInterval(own);
    const gap = meanInterval(lib.map((x, i) => x - own[i]!));
    const exact =
      space === undefined
        ? openerAnchor(o.id, Number(o.config.envParams.bits), o.config.cap)
        : space.arity === 2
          ? openerAnchor(o.id, space.positions, o.config.cap)
          : null;
    rows.push({
      id: o.id,
      what: o.label,
      published: null,
      exact,
      mean: stats.mean,
      ci95: stats.ci95,
      gap: gap.mean,
      gapCi95: gap.ci95,
      publishedGap: exact === null ? null : Number((published - exact.value).toPrecision(12)),
    });
  }
  return rows;
}

/** The gap on the published protocol: the exploitation arm under `hidden` against both openers. */
export function openerGap(
  hidden: HiddenChoices,
  seed: number,
  replicates: number,
): { rows: GapRow[]; openers: OpenerRuns[] } {
  const library = runExperiment(armConfig(findArm('exploit'), hidden, seed, replicates)).replicates;
  const openers = runOpeners(seed, replicates);
  return { rows: openerGapRows(library, openers), openers };
}
