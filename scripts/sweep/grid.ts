/**
 * A sweep's grid: for every run flag (and every `--param`) the list of values it takes, as text.
 * The cells are the Cartesian product. Values stay text until `configFrom` validates each cell, so a
 * sweep accepts exactly what `hexa run` accepts, with the same messages.
 *
 * Syntax of one flag's value: comma-separated items, each a single value or an inclusive decimal range
 * `start:stop[:step]` (step 1 when omitted), e.g. `0,0.1,0.2` or `0.6:0.95:0.05` or `1:4`.
 */
import { RUN_FLAGS, type RunSettings } from '../config/runOptions.js';
import { msg, UsageError } from '../../sim/core/messages.js';
import { decimalRange, parseDecimalText, RangeSyntaxError } from './decimal.js';

/** One swept dimension: a run flag, or an environment parameter given by `--param`. */
export interface Axis {
  readonly kind: 'flag' | 'param';
  readonly name: string;
  readonly values: readonly string[];
}

/** Every dimension in canonical order (run flags in RUN_FLAGS order, then parameters by name). */
export interface Grid {
  readonly axes: readonly Axis[];
}

/** Most values one axis may list, and most cells a grid may have. */
export const MAX_AXIS_VALUES = 1_000_000;
export const MAX_CELLS = 2_000_000;

/** The text a user wrote for one dimension, and the flag to name in errors. */
export interface AxisText {
  readonly kind: 'flag' | 'param';
  readonly name: string;
  readonly text: string;
}

/** Expand one flag's text into its values. Throws UsageError naming the flag and the text. */
export function parseValues(flag: string, text: string): string[] {
  const bad = (reason: string): UsageError => new UsageError(msg.malformedList(flag, text, reason));
  const out: string[] = [];
  for (const raw of text.split(',')) {
    const item = raw.trim();
    if (item === '') throw bad('an empty value in the list');
    if (!item.includes(':')) {
      out.push(item);
      continue;
    }
    const parts = item.split(':');
    if (parts.length > 3) throw bad(`'${item}' is not start:stop or start:stop:step`);
    const nums = parts.map((p) => parseDecimalText(p));
    const bounds = nums.map((n, i) => {
      if (n === undefined) throw bad(`'${parts[i]!}' in '${item}' is not a number`);
      return n;
    });
    const step = bounds[2] ?? { units: 1n, scale: 0 };
    try {
      out.push(...decimalRange(bounds[0]!, bounds[1]!, step, MAX_AXIS_VALUES - out.length));
    } catch (e) {
      if (e instanceof RangeSyntaxError) throw bad(`range '${item}': ${e.message}`);
      throw e;
    }
  }
  const seen = new Set<string>();
  for (const v of out) {
    if (seen.has(v)) throw bad(`'${v}' appears twice`);
    seen.add(v);
  }
  return out;
}

/**
 * Build the grid from the text of each dimension. Later entries for the same dimension replace earlier
 * ones (the command line overrides a config file). Single-valued flags must stay single.
 */
export function buildGrid(entries: readonly AxisText[]): Grid {
  const flags = new Map<string, string>();
  const params = new Map<string, string>();
  for (const e of entries) (e.kind === 'flag' ? flags : params).set(e.name, e.text);

  const axes: Axis[] = [];
  for (const p of RUN_FLAGS) {
    const text = flags.get(p.flag);
    if (text === undefined) continue;
    const values = parseValues(p.flag, text);
    if (p.single !== undefined && values.length !== 1) throw new UsageError(msg.notSweepable(p.flag, text));
    axes.push({ kind: 'flag', name: p.flag, values });
  }
  for (const name of [...params.keys()].sort())
    axes.push({ kind: 'param', name, values: parseValues('param', `${params.get(name)!}`) });

  const cells = axes.reduce((n, a) => n * a.values.length, 1);
  if (cells > MAX_CELLS) throw new UsageError(msg.gridTooLarge(cells, MAX_CELLS));
  return { axes };
}

export function cellCount(grid: Grid): number {
  return grid.axes.reduce((n, a) => n * a.values.length, 1);
}

/** The swept dimensions (more than one value). */
export function sweptAxes(grid: Grid): Axis[] {
  return grid.axes.filter((a) => a.values.length > 1);
}

/** One combination of the grid: the flag settings and environment parameters of cell number `index`. */
export interface Combination {
  readonly settings: RunSettings;
  readonly params: Readonly<Record<string, string>>;
}

/** Decode combination `index` (mixed radix, last axis fastest). */
export function combination(grid: Grid, index: number): Combination {
  const settings: Record<string, string> = {};
  const params: Record<string, string> = {};
  let rest = index;
  for (let i = grid.axes.length - 1; i >= 0; i--) {
    const axis = grid.axes[i]!;
    const value = axis.values[rest % axis.values.length]!;
    rest = Math.floor(rest / axis.values.length);
    (axis.kind === 'flag' ? settings : params)[axis.name] = value;
  }
  return { settings, params };
}

/** The values of the swept axes for a combination, by flag text (`explore`, `param:noise`). */
export function sweptValues(grid: Grid, index: number): Record<string, string> {
  const c = combination(grid, index);
  const out: Record<string, string> = {};
  for (const a of sweptAxes(grid))
    out[a.kind === 'flag' ? a.name : `param:${a.name}`] = (a.kind === 'flag' ? c.settings : c.params)[a.name]!;
  return out;
}
