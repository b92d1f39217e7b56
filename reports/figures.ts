/**
 * Single-run values behind each published figure of a reproduction. Every published number is one run of
 * the article's protocol, so the honest comparison is with the distribution of single-run results, not with
 * a mean's interval. The figures' definitions are `hexa reproduce`'s own (sim/reproduction/figures.ts), applied to the
 * rounds of each replicate as read back from runs.csv; the arm is found by name, else by its settings.
 */
import { FIGURES, figureWords } from '../sim/reproduction/figures.js';
import type { RoundMetrics } from '../sim/core/metrics.js';
import type { CsvTable } from './csv/csvRead.js';
import type { Group, GroupInfo } from './resultRows.js';
import { METRIC_COLUMNS } from './csv/rows.js';

export interface FigureSample {
  readonly id: string;
  /** What is measured, in words with units. */
  readonly what: string;
  readonly arm: string;
  /** The published value, when the table gives a number; `atLeast` when it is a lower bound. */
  readonly published: number | null;
  readonly claim: string;
  /** Whole-number values (skills, rounds, tests), binned by unit when the range is small. */
  readonly discrete: boolean;
  /** One finite value per replicate (replicates where it is undefined are left out). */
  readonly values: Float64Array;
  /** Replicates where it is undefined (e.g. a run without any skill test). */
  readonly undefinedRuns: number;
}

/** The published arms by their settings, for folders whose arms carry other names. */
const ARM_SETTINGS: Readonly<Record<string, (p: Readonly<Record<string, string>>) => boolean>> = {
  random: (p) => p.library === 'false',
  exploit: (p) => p.library !== 'false' && Number(p.explore) === 0 && Number(p.threshold) === 0.85,
  explore: (p) =>
    p.library !== 'false' && Number(p.explore) > 0 && p.routing === 'shared' && Number(p.threshold) === 0.85,
  separate: (p) =>
    p.library !== 'false' && Number(p.explore) > 0 && p.routing === 'separate' && Number(p.threshold) === 0.85,
  threshold90: (p) => p.library !== 'false' && Number(p.explore) === 0 && Number(p.threshold) === 0.9,
  threshold75: (p) => p.library !== 'false' && Number(p.explore) === 0 && Number(p.threshold) === 0.75,
};

export function armGroup<G extends GroupInfo>(name: string, groups: readonly G[]): G | undefined {
  const matches = ARM_SETTINGS[name];
  return groups.find((g) => g.id === name) ?? (matches ? groups.find((g) => matches(g.params)) : undefined);
}

/**
 * Each published figure's value in every replicate of `group`, for the figures whose arm it may be (by name or by
 * settings: `armGroup` picks among them once every group is known), by figure id.
 */
export function figureValues(group: Group): Map<string, Float64Array> {
  const out = new Map<string, Float64Array>();
  const figures = FIGURES.filter((f) => armGroup(f.arm, [group]) !== undefined);
  if (figures.length === 0) return out;
  const rounds = replicateRounds(group);
  for (const figure of figures)
    out.set(
      figure.id,
      Float64Array.from(rounds, (r) => figure.value(r)),
    );
  return out;
}

/** A group with its figures' values (a GroupSummary). */
export interface GroupFigures {
  readonly group: GroupInfo;
  readonly figures: ReadonlyMap<string, Float64Array>;
}

/** Each replicate's rounds as RoundMetrics, rebuilt from the CSV columns (absent ones read NaN). */
export function replicateRounds(group: Group): RoundMetrics[][] {
  const tasks = Number(group.params.tasks);
  const columns = METRIC_COLUMNS.map((c) => group.rounds.map((_, r) => group.values(c, r)));
  return group.replicates.map((_, i) =>
    group.rounds.map((round, r) => {
      const m: Record<string, number> = { round, tasks };
      METRIC_COLUMNS.forEach((c, k) => (m[c] = columns[k]![r]?.[i] ?? NaN));
      return m as unknown as RoundMetrics;
    }),
  );
}

/** Samples for every table row whose figure and arm are known; the other ids are listed as skipped. */
export function figureSamples(
  table: CsvTable,
  groups: readonly GroupFigures[],
): { samples: FigureSample[]; skipped: string[] } {
  const col = (name: string): number => table.header.indexOf(name);
  const [idCol, publishedCol, claimCol] = [col('id'), col('published'), col('claim')];
  const samples: FigureSample[] = [];
  const skipped: string[] = [];
  const infos = groups.map((g) => g.group);
  for (const row of table.rows) {
    const id = row[idCol]!;
    const figure = FIGURES.find((f) => f.id === id);
    const info = figure ? armGroup(figure.arm, infos) : undefined;
    const all = info === undefined ? undefined : groups[infos.indexOf(info)]!.figures.get(id);
    if (!figure || !info || all === undefined) {
      skipped.push(id);
      continue;
    }
    const group = info;
    const values = all.filter(Number.isFinite);
    const text = publishedCol >= 0 ? row[publishedCol]!.replace(/^\s*[≥≤<>]=?\s*/, '') : '';
    const published = text.trim() === '' ? NaN : Number(text);
    samples.push({
      id,
      what: figure.what,
      arm: group.id,
      published: Number.isFinite(published) ? published : null,
      claim: claimCol >= 0 ? row[claimCol]! : figure.claim,
      discrete: values.every(Number.isInteger),
      values,
      undefinedRuns: all.length - values.length,
    });
  }
  return { samples, skipped };
}

/** A published value the learning curves show: one arm's mean attempts in one round, as the article printed it. */
export interface PublishedPoint {
  readonly figure: string;
  /** The group (arm) it belongs to. */
  readonly group: string;
  readonly round: number;
  readonly value: number;
  /** To the decimals the article printed ("4.2", "10.0"). */
  readonly text: string;
}

const ROUND_MEAN = /^mean attempts in round (\d+)$/;

/**
 * The table's published round means (the random control's five rounds, pure exploitation's 12.1 → 9.1 → 4.2,
 * the two exploration arms' final rounds), placed at their arm and round; figures of other measures, lower
 * bounds and arms or rounds the folder does not have are left out.
 */
export function publishedPoints(table: CsvTable, groups: readonly GroupInfo[]): PublishedPoint[] {
  const [idCol, publishedCol] = [table.header.indexOf('id'), table.header.indexOf('published')];
  if (idCol < 0 || publishedCol < 0) return [];
  return table.rows.flatMap((row): PublishedPoint[] => {
    const figure = FIGURES.find((f) => f.id === row[idCol]);
    const round = figure === undefined ? null : ROUND_MEAN.exec(figureWords(figure.what).measure);
    const group = figure === undefined ? undefined : armGroup(figure.arm, groups);
    const text = (row[publishedCol] ?? '').trim();
    const value = Number(text);
    if (figure?.claim !== 'equals' || !round || !group || text === '' || !Number.isFinite(value)) return [];
    const r = Number(round[1]);
    const printed = value.toFixed(figure.printed); // "10.0", as the article printed it
    return group.rounds.includes(r) ? [{ figure: figure.id, group: group.id, round: r, value, text: printed }] : [];
  });
}
