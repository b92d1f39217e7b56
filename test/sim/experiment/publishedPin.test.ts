/**
 * No-regression pin: the published (feedback-blind) Actor with default flags must keep producing the rows
 * pinned before actor policies and library modes were added. Columns added since are ignored; every
 * pinned column must match byte for byte.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { toCsv } from '../../../reports/csv/table.js';
import { replicateRows } from '../../../reports/csv/rows.js';
import type { Row } from '../../../reports/csv/csv.js';
import { runExperiment } from '../../../sim/experiment/experiment.js';
import { PINNED_RUNS } from './publishedPinConfigs.js';
import { normalizeRun } from '../../../sim/experiment/config.js';

const pinned = JSON.parse(
  readFileSync(new URL('../../fixtures/published-pin.json', import.meta.url), 'utf8'),
) as Record<string, string>;

function project(rows: readonly Row[], columns: readonly string[]): Row[] {
  return rows.map((row) => {
    const out: Row = {};
    for (const c of columns) {
      if (!(c in row)) throw new Error(`pinned column ${c} is missing`);
      out[c] = row[c]!;
    }
    return out;
  });
}

describe('published Actor, default flags: rows pinned before the refactor', () => {
  for (const [name, config] of Object.entries(PINNED_RUNS)) {
    it(name, () => {
      const expected = pinned[name];
      expect(expected).toBeDefined();
      const columns = expected!.split('\n', 1)[0]!.split(',');
      const result = runExperiment(normalizeRun(config));
      const rows = result.replicates.flatMap((rounds, i) => replicateRows(config, i, rounds));
      expect(toCsv(project(rows, columns))).toBe(expected);
    });
  }
});
