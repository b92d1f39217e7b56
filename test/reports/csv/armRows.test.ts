import { describe, expect, it } from 'vitest';
import { armRunsCsv } from '../../../reports/csv/armRows.js';
import { toCsv } from '../../../reports/csv/table.js';
import { replicateRows } from '../../../reports/csv/rows.js';
import { ARMS, hiddenOf } from '../../../sim/reproduction/arms.js';
import { PUBLISHED_AGENT } from '../../../sim/agent/agentConfig.js';
import { runArms } from '../../../sim/reproduction/reproduction.js';

describe('runs.csv of a reproduction', () => {
  it('is the tidy rows of every arm with a leading arm column, byte for byte', () => {
    const arms = runArms(hiddenOf(PUBLISHED_AGENT), 4, 3);
    const rows = arms.flatMap((a) =>
      a.replicates.flatMap((rounds, i) => replicateRows(a.config, i, rounds).map((r) => ({ arm: a.arm.id, ...r }))),
    );
    const csv = armRunsCsv(arms.map((a) => ({ arm: a.arm.id, config: a.config, replicates: a.replicates })));
    expect(csv).toBe(toCsv(rows));
    const lines = csv.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^arm,env,bits,truth,.*,replicate,round,attempts,/);
    expect(lines).toHaveLength(1 + ARMS.length * 3 * 5);
    expect(new Set(lines.slice(1).map((l) => l.split(',')[0]))).toEqual(new Set(ARMS.map((a) => a.id)));
  });
});
