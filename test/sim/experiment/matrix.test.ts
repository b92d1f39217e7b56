import { describe, expect, it } from 'vitest';
import { PUBLISHED_AGENT } from '../../../sim/agent/agentConfig.js';
import { normalizeRun, PUBLISHED_RUN } from '../../../sim/experiment/config.js';
import { runExperiment } from '../../../sim/experiment/experiment.js';
import { runMatrix } from '../../../sim/experiment/matrix.js';
import { runMetrics } from '../../../sim/experiment/runMetrics.js';
import { hexaHere } from '../../helpers/inProcess.js';

describe('HExA matrix', () => {
  const configFor = (mode: Parameters<Parameters<typeof runMatrix>[0]>[0]) =>
    normalizeRun({ ...PUBLISHED_RUN, replicates: 30, seed: 9, agent: { ...PUBLISHED_AGENT, mode, priorRounds: 2 } });

  it('runs the nine cells, offline|off2on|online × static|iterative|evolving, each scored per run', async () => {
    const seen: number[] = [];
    const cells = await runMatrix(configFor, (done) => seen.push(done));
    expect(cells.map((c) => c.mode)).toEqual([
      'offline-static',
      'offline-iterative',
      'offline-evolving',
      'off2on-static',
      'off2on-iterative',
      'off2on-evolving',
      'online-static',
      'online-iterative',
      'online-evolving',
    ]);
    expect(seen).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const online = cells.find((c) => c.mode === 'online-iterative')!;
    expect({ runs: online.runs, successRate: online.successRate, meanAttempts: online.meanAttempts }).toEqual(
      runMetrics(runExperiment(configFor('online-iterative')).replicates),
    );
  });

  it('hexa matrix --json: nine cells with mean and sd; refuses the flags a mode sets', async () => {
    const r = await hexaHere(['matrix', '--json', '--replicates', '5']);
    expect(r.status, r.stderr).toBe(0);
    const doc = JSON.parse(r.stdout) as {
      cells: {
        mode: string;
        runs: number;
        successRate: { mean: number; sd: number };
        meanAttempts: { mean: number; sd: number };
      }[];
    };
    expect(doc.cells).toHaveLength(9);
    for (const c of doc.cells) {
      expect(c.runs).toBe(5);
      expect(c.successRate.mean).toBeGreaterThan(0);
      expect(c.successRate.mean).toBeLessThanOrEqual(1);
      expect(c.meanAttempts.sd).toBeGreaterThanOrEqual(0);
    }
    const bad = await hexaHere(['matrix', '--window', 'all']);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toBe('hexa: unknown flag --window (see hexa matrix --help)\n');
  });
});
