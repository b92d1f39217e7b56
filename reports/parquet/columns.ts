/**
 * The Parquet type of every tidy column, from the parameters' declarations rather than from the values
 * seen, so a column has one type in every file (a sweep over `truth=1011` alone still reads `truth` as
 * text, never as the number 1011): whole numbers as integers, decimals as doubles, flags as booleans,
 * everything else as strings. Each type writes back to the CSV's exact text (`textOf`), which is how
 * `results.parquet` is proved equal to `results.csv` and how a Parquet-only folder is verified.
 */
import { columnOf } from '../../sim/core/params/read.js';
import type { Param } from '../../sim/core/params/declaration.js';
import type { RoundMetrics } from '../../sim/core/metrics.js';
import { csvField, type Cell } from '../csv/csv.js';
import { CONFIG_COLUMNS, METRIC_COLUMNS } from '../csv/rows.js';

export type ColumnKind = 'int32' | 'int64' | 'double' | 'boolean' | 'string';

export interface TypedColumn {
  readonly name: string;
  readonly kind: ColumnKind;
  /** The CSV text a missing value (null) stands for: 'auto' for a value decided at run time, '' for none. */
  readonly nullText?: '' | 'auto';
}

/** How a world's own parameter is typed, from the values every cell gives it (`envParamKind`). */
export type EnvParamKind = 'integer' | 'number' | 'string';

/** Widen a world parameter's kind by one more value (numbers stay numbers only while every value is one). */
export function envParamKind(before: EnvParamKind | undefined, value: unknown): EnvParamKind {
  const own: EnvParamKind = typeof value === 'number' ? (Number.isSafeInteger(value) ? 'integer' : 'number') : 'string';
  if (before === undefined || before === own) return own;
  return before === 'string' || own === 'string' ? 'string' : 'number';
}

const INTEGRAL_METRICS = new Set<keyof RoundMetrics>(
  METRIC_COLUMNS.filter((m) => m !== 'meanAttempts' && m !== 'solveRate' && m !== 'refutationRate'),
);

function kindOfParam(param: Param): Omit<TypedColumn, 'name'> {
  switch (param.kind) {
    case 'integer':
      return param.default === null ? { kind: 'int64', nullText: 'auto' } : { kind: 'int64' };
    case 'decimal':
    case 'rate':
    case 'share':
      return { kind: 'double' };
    case 'boolean':
      return { kind: 'boolean' };
    default:
      return { kind: 'string' };
  }
}

const PARAM_OF = new Map(CONFIG_COLUMNS.map(({ param }) => [columnOf(param)!, param]));

/**
 * The type of a tidy column: `cell` and `arm` are ids, replicate and round small integers, metrics counts
 * (int64) or rates (double), a configuration column as its declaration says, a world parameter as its
 * values are (missing where a cell's world lacks it).
 */
export function typedColumn(name: string, envKinds: Readonly<Record<string, EnvParamKind>>): TypedColumn {
  if (name === 'cell' || name === 'arm') return { name, kind: 'string' };
  if (name === 'replicate' || name === 'round') return { name, kind: 'int32' };
  if ((METRIC_COLUMNS as readonly string[]).includes(name))
    return { name, kind: INTEGRAL_METRICS.has(name as keyof RoundMetrics) ? 'int64' : 'double' };
  const param = PARAM_OF.get(name);
  if (param !== undefined) return { name, ...kindOfParam(param) };
  const env = envKinds[name] ?? 'string';
  return { name, kind: env === 'integer' ? 'int64' : env === 'number' ? 'double' : 'string', nullText: '' };
}

/** A configuration or metric value as the column holds it (null for what `nullText` stands for). */
export function typedValue(column: TypedColumn, cell: Cell | undefined): Cell | bigint | null {
  if (cell === undefined || (column.nullText !== undefined && cell === column.nullText)) return null;
  switch (column.kind) {
    case 'string':
      return String(cell);
    case 'boolean':
      if (typeof cell === 'boolean') return cell;
      if (cell === 'true' || cell === 'false') return cell === 'true';
      break;
    case 'double': {
      const n = typeof cell === 'number' ? cell : Number(cell);
      if (typeof cell === 'number' || (cell !== '' && !Number.isNaN(n)) || cell === 'NaN') return n;
      break;
    }
    default: {
      const n = typeof cell === 'number' ? cell : Number(cell);
      if (Number.isSafeInteger(n)) return column.kind === 'int64' ? BigInt(n) : n;
    }
  }
  throw new TypeError(`column ${column.name} (${column.kind}) cannot hold ${JSON.stringify(cell)}`);
}

/** The CSV text of a value read from Parquet: exactly what the CSV writer wrote for it. */
export function textOf(column: TypedColumn, value: unknown): string {
  if (value === null || value === undefined) return column.nullText ?? '';
  return column.kind === 'string' ? csvField(String(value)) : String(value);
}
