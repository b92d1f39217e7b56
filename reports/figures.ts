/**
 * Single-run values behind each published figure of a reproduction. Every published number is one run of
 * the article's protocol, so the honest comparison is with the distribution of single-run results, not with
 * a mean's interval. A figure id is `<arm>.<measure>` (e.g. `exploit.final`, `random.round3`): the arm is
 * found by name, else by its settings (SPEC §2), and the measure is computed per replicate from runs.csv.
 */
import type { CsvTable } from './csvRead.js';
import type { Group } from './resultFolder.js';
import { totals } from './summary.js';

export interface FigureSample {
  readonly id: string;
  readonly description: string;
  readonly arm: string;
  /** What is measured, in words with units. */
  readonly measure: string;
  /** Whole-number counts (skills, rounds, tests), binned by unit when the range is small. */
  readonly discrete: boolean;
  /** The published value, when the table gives a number. */
  readonly published: number | null;
  /** One finite value per replicate (replicates where it is undefined are left out). */
  readonly values: Float64Array;
  /** Replicates where it is undefined (e.g. no skill ever, no test). */
  readonly undefinedRuns: number;
}

/** An arm named in a figure id, by its settings when no arm carries that name. */
const ARM_SETTINGS: Readonly<Record<string, (p: Readonly<Record<string, string>>) => boolean>> = {
  random: (p) => p.library === 'false',
  exploit: (p) => p.library !== 'false' && Number(p.explore) === 0 && Number(p.threshold) === 0.85,
  explore: (p) => p.library !== 'false' && Number(p.explore) > 0 && p.routing === 'shared' && Number(p.threshold) === 0.85,
  separate: (p) => p.library !== 'false' && Number(p.explore) > 0 && p.routing === 'separate' && Number(p.threshold) === 0.85,
};

export function findArm(name: string, groups: readonly Group[]): Group | undefined {
  const named = groups.find((g) => g.id === name);
  if (named) return named;
  const threshold = /^threshold(\d+)$/.exec(name);
  const matches = threshold
    ? (p: Readonly<Record<string, string>>) => p.library !== 'false' && Number(p.explore) === 0 && Math.abs(Number(p.threshold) - Number(threshold[1]) / 100) < 1e-9
    : ARM_SETTINGS[name];
  return matches ? groups.find((g) => matches(g.params)) : undefined;
}

interface Measure {
  readonly words: string;
  readonly discrete?: boolean;
  values(group: Group): Float64Array;
}

function measureOf(key: string, group: Group): Measure | null {
  const last = group.rounds.length - 1;
  const round = /^round(\d+)$/.exec(key);
  if (round) {
    const r = group.rounds.indexOf(Number(round[1]));
    return r < 0 ? null : { words: `mean attempts per task, round ${round[1]}`, values: (g) => g.values('meanAttempts', r)! };
  }
  switch (key) {
    case 'final':
      return { words: 'mean attempts per task, last round', values: (g) => g.values('meanAttempts', last)! };
    case 'skills':
      return { words: 'skills after the last round', discrete: true, values: (g) => g.values('skills', last)! };
    case 'firstSkillRound':
      return {
        words: 'first round that starts with a skill',
        discrete: true,
        // The first round in which some task started with a non-empty library (without the
        // tasksWithSkills column: the first round after one that ended with skills).
        values: (g) =>
          Float64Array.from(g.replicates, (_, i) => {
            for (let r = 0; r < g.rounds.length; r++) {
              const inUse = g.values('tasksWithSkills', r);
              if (inUse ? inUse[i]! > 0 : r > 0 && g.values('skills', r - 1)![i]! > 0) return g.rounds[r]!;
            }
            return NaN;
          }),
      };
    case 'tests':
      return { words: 'skill tests over the run', discrete: true, values: (g) => totals(g, 'tests') };
    case 'refutations':
      return { words: 'refutations over the run', discrete: true, values: (g) => totals(g, 'refutations') };
    case 'refutationRate':
      return {
        words: 'refutations / tests over the run',
        values: (g) => {
          const t = totals(g, 'tests');
          return totals(g, 'refutations').map((x, i) => (t[i] === 0 ? NaN : x / t[i]!));
        },
      };
    default:
      return null;
  }
}

/** Samples for every table row whose arm and measure can be found; the others are listed as skipped. */
export function figureSamples(table: CsvTable, groups: readonly Group[]): { samples: FigureSample[]; skipped: string[] } {
  const col = (name: string): number => table.header.indexOf(name);
  const [id, description, published] = [col('id'), col('description'), col('published')];
  const samples: FigureSample[] = [];
  const skipped: string[] = [];
  for (const row of table.rows) {
    const figure = row[id]!;
    const dot = figure.indexOf('.');
    const arm = dot > 0 ? findArm(figure.slice(0, dot), groups) : undefined;
    const measure = arm ? measureOf(figure.slice(dot + 1), arm) : null;
    if (!arm || !measure) {
      skipped.push(figure);
      continue;
    }
    const all = measure.values(arm);
    const values = all.filter(Number.isFinite);
    const p = published >= 0 && row[published]!.trim() !== '' ? Number(row[published]) : NaN;
    samples.push({
      id: figure,
      description: description >= 0 ? row[description]! : '',
      arm: arm.id,
      measure: measure.words,
      discrete: measure.discrete === true,
      published: Number.isFinite(p) ? p : null,
      values,
      undefinedRuns: all.length - values.length,
    });
  }
  return { samples, skipped };
}
