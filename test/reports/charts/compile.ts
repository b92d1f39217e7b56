/** Compile a chart spec with vega-lite, collecting its warnings (a clean chart has none). */
import { compile, type TopLevelSpec } from 'vega-lite';
import type { ChartSpec } from '../../../reports/charts/theme.js';

export function compileChart(spec: ChartSpec): { warnings: string[]; vega: object } {
  const warnings: string[] = [];
  let level = 2;
  const logger = {
    level(l?: number) {
      if (l === undefined) return level;
      level = l;
      return logger;
    },
    error(...args: unknown[]) {
      warnings.push(`error: ${args.join(' ')}`);
      return logger;
    },
    warn(...args: unknown[]) {
      warnings.push(args.join(' '));
      return logger;
    },
    info() {
      return logger;
    },
    debug() {
      return logger;
    },
  };
  const vega = compile(spec as unknown as TopLevelSpec, { logger }).spec;
  return { warnings, vega };
}

/** Every object in a spec tree, for looking up marks and encodings. */
export function nodes(value: unknown): Record<string, unknown>[] {
  if (Array.isArray(value)) return value.flatMap(nodes);
  if (typeof value !== 'object' || value === null) return [];
  const record = value as Record<string, unknown>;
  return [record, ...Object.values(record).flatMap(nodes)];
}

/** The inline data rows of a spec (all `data.values`). */
export function dataRows(spec: unknown): Record<string, unknown>[] {
  return nodes(spec).flatMap((n) => {
    const data = n.data as { values?: unknown } | undefined;
    return Array.isArray(data?.values) ? (data.values as Record<string, unknown>[]) : [];
  });
}
