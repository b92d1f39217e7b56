/**
 * The audit of the hidden choices: every combination, run under the published settings, scored on how
 * well its single runs explain the publication — how many published figures lie inside the central 95 %
 * of its single runs, and the share of single runs (one replicate of every arm) that show the published
 * pattern. Each distinct simulation runs once (see `effectiveKey`), and only per-replicate figure values
 * are kept, so the audit's memory does not grow with the number of combinations.
 */
import { ARMS, HIDDEN_CHOICES, armConfig, effectiveKey, type ArmId, type HiddenChoices } from './arms.js';
import { PUBLISHED_AGENT } from '../agent/agentConfig.js';
import type { AuditJob, SimulationResult } from './simulationJobs.js';
import { FIGURES, type FigureId } from './figures.js';
import { patternShare, showsExploitPattern, type FigureValues } from './pattern.js';
import { place, type Placement } from '../core/percentile.js';
import { runJobs } from './workerPool.js';

export interface AuditEntry {
  readonly hidden: HiddenChoices;
  /** Published figures inside the central 95 % of this combination's single runs. */
  readonly inside: number;
  readonly total: number;
  /** Replicates behind the shares. */
  readonly replicates: number;
  /** Share of single runs showing the whole published pattern. */
  readonly patternShare: number;
  /** Share of single runs showing its exploitation part (see `showsExploitPattern`). */
  readonly exploitPatternShare: number;
  /** Tie-break: the mean two-sided tail probability of the published figures (higher fits better). */
  readonly fit: number;
  readonly placements: ReadonlyMap<FigureId, Placement | null>;
  /** 1 = explains the publication best; equal scores share a rank. */
  readonly rank: number;
}

/** Every combination of the hidden choices; each choice's values start with the default, so ties favour it. */
export function auditGrid(): HiddenChoices[] {
  let grid: Record<string, string>[] = [{}];
  for (const choice of HIDDEN_CHOICES) {
    const def = PUBLISHED_AGENT[choice.key];
    const values = [def, ...choice.values.filter((v) => v !== def)];
    grid = grid.flatMap((partial) => values.map((v) => ({ ...partial, [choice.key]: v })));
  }
  return grid as unknown as HiddenChoices[];
}

/** Arms whose figures read the skill-test accounting. */
const TEST_FIGURES: readonly FigureId[] = ['exploit.tests', 'exploit.refutations', 'exploit.refutationRate'];
const readsTests = (arm: ArmId): boolean => FIGURES.some((f) => f.arm === arm && TEST_FIGURES.includes(f.id));

/** The distinct simulations the grid needs, and for each combination the keys of its arms' simulations. */
export function auditJobs(grid: readonly HiddenChoices[], seed: number, replicates: number): { jobs: AuditJob[]; keys: string[][] } {
  const jobs = new Map<string, AuditJob>();
  const keys = grid.map((hidden) =>
    ARMS.map((arm) => {
      const key = effectiveKey(armConfig(arm, hidden, seed, replicates), readsTests(arm.id));
      if (!jobs.has(key)) jobs.set(key, { kind: 'figures', key, arm: arm.id, hidden, seed, replicates });
      return key;
    }),
  );
  return { jobs: [...jobs.values()], keys };
}

/** Score one combination from its per-replicate figure values. */
export function scoreCombination(hidden: HiddenChoices, values: FigureValues): Omit<AuditEntry, 'rank'> {
  const placements = new Map<FigureId, Placement | null>();
  let inside = 0;
  let fitSum = 0;
  for (const figure of FIGURES) {
    const p = place(values.get(figure.id)!, figure.published, figure.claim);
    placements.set(figure.id, p);
    if (p?.consistent === true) inside++;
    const tail = p === null ? 0 : figure.claim === 'atLeast' ? p.above : Math.min(1, 2 * Math.min(p.below, p.above));
    fitSum += tail;
  }
  return {
    hidden,
    inside,
    total: FIGURES.length,
    replicates: values.get('exploit.final')?.length ?? 0,
    patternShare: patternShare(values),
    exploitPatternShare: patternShare(values, showsExploitPattern),
    fit: fitSum / FIGURES.length,
    placements,
  };
}

const better = (a: Omit<AuditEntry, 'rank'>, b: Omit<AuditEntry, 'rank'>): number =>
  b.inside - a.inside || b.patternShare - a.patternShare || b.exploitPatternShare - a.exploitPatternShare || b.fit - a.fit;

export interface AuditOptions {
  /** Worker threads (1 = run in this thread). The result does not depend on it. */
  readonly workers?: number;
  /** Called after each distinct simulation. */
  readonly onProgress?: (done: number, total: number) => void;
}

/** Run the audit; entries come back best first. */
export async function runAudit(seed: number, replicates: number, options: AuditOptions = {}): Promise<AuditEntry[]> {
  const grid = auditGrid();
  const { jobs, keys } = auditJobs(grid, seed, replicates);
  return scoreAudit(grid, keys, await runJobs(jobs, options.workers ?? 1, options.onProgress));
}

/** Rank the grid from its simulations' results (by key; `keys` as `auditJobs` gives them). */
export function scoreAudit(grid: readonly HiddenChoices[], keys: readonly string[][], results: ReadonlyMap<string, SimulationResult>): AuditEntry[] {
  const scored = grid.map((hidden, i) => {
    const values = new Map<FigureId, Float64Array>();
    for (const key of keys[i]!) {
      const result = results.get(key)!;
      if (!('values' in result)) throw new Error(`audit: simulation ${key} did not return figure values`);
      for (const [id, v] of result.values) values.set(id, v);
    }
    return scoreCombination(hidden, values);
  });
  return rank(scored);
}

/** Best first; a stable sort keeps grid order among equals, and equal scores share a rank. */
export function rank(scored: readonly Omit<AuditEntry, 'rank'>[]): AuditEntry[] {
  const order = scored.map((s, i) => ({ s, i })).sort((x, y) => better(x.s, y.s) || x.i - y.i);
  const out: AuditEntry[] = [];
  order.forEach(({ s }, i) => {
    const rank = i > 0 && better(order[i - 1]!.s, s) === 0 ? out[i - 1]!.rank : i + 1;
    out.push({ ...s, rank });
  });
  return out;
}
