import { describe, expect, it } from 'vitest';
import { toCsv } from '../../../reports/csv/table.js';
import {
  configColumns,
  csvPrefix,
  METRIC_COLUMNS,
  replicateCsvLines,
  replicateRows,
} from '../../../reports/csv/rows.js';
import type { RoundMetrics } from '../../../sim/core/metrics.js';
import { PUBLISHED_AGENT } from '../../../sim/agent/agentConfig.js';
import { normalizeRun, PUBLISHED_RUN } from '../../../sim/experiment/config.js';
import { runExperiment } from '../../../sim/experiment/experiment.js';

describe('tidy rows', () => {
  it('replicateCsvLines gives exactly the bytes of toCsv(replicateRows(…))', () => {
    const config = {
      ...PUBLISHED_RUN,
      seed: 5,
      replicates: 6,
      agent: { ...PUBLISHED_AGENT, explore: 0.2, cadence: 'task' as const },
    };
    const result = runExperiment(normalizeRun(config));
    const slow = toCsv(
      result.replicates.flatMap((rounds, i) => replicateRows(config, i, rounds)),
      false,
    );
    const prefix = csvPrefix(Object.values(configColumns(config)));
    const fast = result.replicates.map((rounds, i) => replicateCsvLines(prefix, i, rounds)).join('');
    expect(fast).toBe(slow);
  });

  it('writes every metric in METRIC_COLUMNS order (each field a different value)', () => {
    const m = Object.fromEntries(
      ['round', ...METRIC_COLUMNS].map((key, i) => [key, i + 0.5]),
    ) as unknown as RoundMetrics;
    expect(replicateCsvLines('p', 7, [m])).toBe(
      `p,7,${['round', ...METRIC_COLUMNS].map((_, i) => i + 0.5).join(',')}\n`,
    );
  });

  it('quotes configuration cells that need it', () => {
    expect(csvPrefix(['a,b', 'say "x"', 3, true])).toBe('"a,b","say ""x""",3,true');
  });
});
