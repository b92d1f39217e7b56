/**
 * What one page comparing result folders shows (`hexa report A B …`): the folders must play one world (the
 * same environment, its parameters and attempt cap — attempts in two worlds do not compare); their groups
 * are matched across folders (a reproduction's arms by arm, a run by itself, a sweep's cells by their swept
 * settings); for every matched group and every two folders, the final-round difference in mean attempts,
 * paired replicate by replicate where the two drew the same random numbers (same seed, world and replicate
 * numbers), else between two independent samples; and the configuration values that differ between folders.
 */
import { ResamplePlan, type Estimate } from '../../sim/core/bootstrap.js';
import { msg, UsageError } from '../../sim/core/messages.js';
import { quantile } from '../../sim/core/stats.js';
import { describeParameters, paletteFor, reportPalette } from '../charts/theme.js';
import { armGroup } from '../figures.js';
import type { GroupInfo, ResultData, ResultFolder } from '../resultFolder.js';
import { sharesRandomNumbers, summarize, worldColumns, type GroupSummary, type Summary } from '../summary.js';

/** One folder of a comparison, with its name on the page. */
export interface ComparedFolder {
  /** "A", "B" … in the order given. */
  readonly letter: string;
  /** As named on the command line. */
  readonly source: string;
  readonly data: ResultFolder;
  readonly summary: Summary;
}

/**
 * A folder to compare: read whole (its summary made here), or — as `hexa report A B …` streams each folder —
 * without its values, with the summary made as its rows went past (made with the comparison's seed and resamples).
 */
export type FolderToCompare =
  | { readonly source: string; readonly data: ResultData; readonly summary?: undefined }
  | { readonly source: string; readonly data: ResultFolder; readonly summary: Summary };

/** A group matched across folders: the same arm, the run, or a sweep's cell with the same settings. */
export interface MatchedGroup {
  readonly key: string;
  /** In words, for a panel's title. */
  readonly label: string;
  /** Per folder (by letter), its group under this key. */
  readonly members: ReadonlyMap<string, GroupSummary>;
}

/** Two folders' final-round means for one matched group: a − b. */
export interface FolderDifference {
  readonly key: string;
  readonly label: string;
  readonly a: string;
  readonly b: string;
  readonly paired: boolean;
  readonly replicates: readonly [number, number];
  readonly difference: Estimate;
}

/** A configuration column whose values differ between folders. */
export interface ConfigDifference {
  readonly parameter: string;
  /** Per folder (by letter): its values, as they read in its folder (several for a sweep's swept column). */
  readonly values: ReadonlyMap<string, readonly string[]>;
}

export interface Comparison {
  readonly folders: readonly ComparedFolder[];
  /** The world they all play, in words. */
  readonly world: string;
  readonly matched: readonly MatchedGroup[];
  readonly differences: readonly FolderDifference[];
  readonly config: readonly ConfigDifference[];
  /** Manifest facts that differ (kind, seed, version, commit), per folder. */
  readonly facts: readonly ConfigDifference[];
}

/** Columns that make a world: the environment and its parameters, and the attempt cap. */
function worldOf(data: ResultFolder, g: GroupInfo): string {
  const columns = worldColumns(data.parameters).filter((c) => !['rounds', 'tasks', 'seed'].includes(c));
  return columns.map((c) => (c === 'env' ? (g.params[c] ?? '') : `${c} ${g.params[c] ?? ''}`)).join(', ');
}

/** The one world of the folders; a UsageError naming the folder that plays another (or several). */
export function comparedWorld(folders: readonly { readonly source: string; readonly data: ResultFolder }[]): string {
  let first: { source: string; world: string } | null = null;
  for (const { source, data } of folders) {
    const worlds = [...new Set(data.groups.map((g) => worldOf(data, g)))];
    if (worlds.length > 1) throw new UsageError(msg.severalWorlds(source, worlds.join('; ')));
    const world = worlds[0] ?? '';
    if (first === null) first = { source, world };
    else if (world !== first.world) throw new UsageError(msg.differentWorlds(source, world, first.source, first.world));
  }
  return first?.world ?? '';
}

/** The published arms a lone run can be, by their settings (reports/figures.ts). */
const ARMS = ['random', 'exploit', 'explore', 'separate', 'threshold90', 'threshold75'] as const;

/**
 * A group's key across folders, and its label: a reproduction's arm by its id; a run as the run (runs are
 * compared with each other whatever their settings) or, beside a reproduction, as the published arm whose
 * settings it has, so that it meets that arm.
 */
function keyOf(data: ResultFolder, g: GroupInfo, besideArms: boolean): { key: string; label: string } {
  const armLabel = (id: string): string => paletteFor([id]).labelOf(id);
  if (data.kind === 'reproduce') return { key: `arm ${g.id}`, label: reportPalette(data).labelOf(g.id) };
  if (data.kind === 'run') {
    const arm = besideArms ? ARMS.find((name) => armGroup(name, [{ ...g, id: 'run' }]) !== undefined) : undefined;
    return arm === undefined ? { key: 'run', label: 'the run' } : { key: `arm ${arm}`, label: armLabel(arm) };
  }
  const settings = describeParameters(g.params, data.swept);
  return { key: `cell ${settings}`, label: settings || g.id };
}

/** The mean of b's values subtracted from a's, each resampled on its own (independent samples). */
function unpairedDifference(a: Float64Array, b: Float64Array, resamples: number, seed: number): Estimate {
  const mean = (xs: Float64Array): number => xs.reduce((s, x) => s + x, 0) / xs.length;
  const estimate = mean(a) - mean(b);
  if (a.length < 2 || b.length < 2) return { estimate, ci95: null };
  // Two plans from different seeds, so the two samples' resamples are independent even when equally long.
  const [pa, pb] = [new ResamplePlan(a.length, resamples, seed), new ResamplePlan(b.length, resamples, seed + 1)];
  const draws = new Float64Array(resamples);
  const resampledMean = (plan: ResamplePlan, xs: Float64Array, r: number): number => {
    const counts = plan.countsOf(r);
    let s = 0;
    for (let i = 0; i < xs.length; i++) s += counts[i]! * xs[i]!;
    return s / xs.length;
  };
  for (let r = 0; r < resamples; r++) draws[r] = resampledMean(pa, a, r) - resampledMean(pb, b, r);
  draws.sort();
  return { estimate, ci95: [quantile(draws, 0.025), quantile(draws, 0.975)] };
}

/** Values of a column over a folder's groups, in first-seen order. */
function valuesOf(data: ResultFolder, column: string): string[] {
  return [...new Set(data.groups.map((g) => g.params[column] ?? '–'))];
}

export function compareFolders(
  inputs: readonly FolderToCompare[],
  options: { readonly seed: number; readonly resamples: number },
): Comparison {
  const world = comparedWorld(inputs);
  const folders = inputs.map(
    (f, i): ComparedFolder => ({
      letter: String.fromCharCode(65 + (i % 26)) + (i >= 26 ? String(Math.floor(i / 26)) : ''),
      source: f.source,
      data: f.data,
      summary: f.summary ?? summarize(f.data, options),
    }),
  );
  const matched = new Map<string, { label: string; members: Map<string, GroupSummary> }>();
  const besideArms = folders.some((f) => f.data.kind === 'reproduce');
  for (const f of folders)
    for (const s of f.summary.groups) {
      const { key, label } = keyOf(f.data, s.group, besideArms);
      const entry = matched.get(key) ?? matched.set(key, { label, members: new Map() }).get(key)!;
      if (!entry.members.has(f.letter)) entry.members.set(f.letter, s);
    }
  const groups = [...matched].map(([key, m]): MatchedGroup => ({ key, label: m.label, members: m.members }));

  const differences: FolderDifference[] = [];
  for (const m of groups) {
    const present = folders.filter((f) => m.members.has(f.letter));
    present.forEach((fa, i) =>
      present.slice(i + 1).forEach((fb) => {
        const [sa, sb] = [m.members.get(fa.letter)!, m.members.get(fb.letter)!];
        const [a, b] = [sa.group, sb.group];
        const columns = worldColumns(fa.data.parameters);
        const paired = sharesRandomNumbers(a, b, columns);
        const difference = paired
          ? new ResamplePlan(a.replicates.length, options.resamples, options.seed).pairedDifference(
              sa.finalAttempts,
              sb.finalAttempts,
            )
          : unpairedDifference(sa.finalAttempts, sb.finalAttempts, options.resamples, options.seed);
        differences.push({
          key: m.key,
          label: m.label,
          a: fa.letter,
          b: fb.letter,
          paired,
          replicates: [a.replicates.length, b.replicates.length],
          difference,
        });
      }),
    );
  }

  const columns = [...new Set(folders.flatMap((f) => f.data.parameters))];
  const config = columns.flatMap((parameter): ConfigDifference[] => {
    const values = new Map(folders.map((f) => [f.letter, valuesOf(f.data, parameter)] as const));
    const distinct = new Set([...values.values()].map((v) => v.join('\u0000')));
    return distinct.size > 1 ? [{ parameter, values }] : [];
  });
  const fact = (name: string, read: (f: ComparedFolder) => string): ConfigDifference => ({
    parameter: name,
    values: new Map(folders.map((f) => [f.letter, [read(f)]] as const)),
  });
  const facts = [
    fact('kind', (f) => f.data.kind),
    fact('seed', (f) => String(f.data.seed ?? '–')),
    fact('replicates per group', (f) => [...new Set(f.data.groups.map((g) => g.replicates.length))].join(' / ')),
    fact('groups', (f) => String(f.data.groups.length)),
    fact('hexa-sim version', (f) => String(f.data.manifest.version ?? '–')),
    fact('git commit', (f) => String(f.data.manifest.gitCommit ?? '–')),
  ];
  return { folders, world, matched: groups, differences, config, facts };
}
