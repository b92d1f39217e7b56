import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { benchExplorer, explorerLines, type BrowserFigures } from '../../../scripts/bench/explorerBench.js';
import { answer } from '../../../scripts/explorer/page/worker.js';
import { envSpecOf } from '../../../sim/experiment/experiment.js';
import { runReplicate } from '../../../sim/experiment/replicate.js';
import { runOf } from '../../../scripts/explorer/link.js';

const page = { bytes: 1040 * 1024, gzipped: 350 * 1024 };

const figures: BrowserFigures = {
  firstCurveMs: [900, 700, 800],
  completeMs: [1300, 1100, 1200],
  browserRates: [40e6, 36e6, 38e6, 42e6, 30e6],
  nodeRates: [50e6, 45e6, 48e6, 47e6, 46e6],
  sweep: { pageSeconds: 3, workers: 2, cli: { seconds: 2, cpuSeconds: 3.5, others: 0.1 } },
};

describe("the explorer's bench lines", () => {
  it('say in one line, beside the size, why the page was not measured in a browser', () => {
    const lines = explorerLines({ page, browser: { missing: '/usr/bin/chromium is missing' } });
    expect(lines).toEqual([
      'explorer page (hexa explorer): 1040 KB, 350 KB gzipped (budget ≤ 1.5 MB, ≤ 450 KB gzipped); not measured ' +
        'in a browser: /usr/bin/chromium is missing',
    ]);
    expect(explorerLines({ page: null, browser: { missing: 'no page' } })).toEqual([
      'explorer page: not built; not measured in a browser: no page',
    ]);
  });

  it('are one line, without failing the bench, where the browser is missing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hexa-explorer-bench-'));
    try {
      const file = join(dir, 'page.html');
      writeFileSync(file, 'x'.repeat(3 * 1024));
      const r = await benchExplorer(1, { executable: join(dir, 'chromium'), page: file });
      expect(r.page?.bytes).toBe(3 * 1024);
      expect(explorerLines(r)).toEqual([
        `explorer page (hexa explorer): 3 KB, 0 KB gzipped (budget ≤ 1.5 MB, ≤ 450 KB gzipped); not measured in a ` +
          `browser: ${join(dir, 'chromium')} is missing (apt-get install chromium)`,
      ]);
      const none = await benchExplorer(1, { page: join(dir, 'none.html') });
      expect(explorerLines(none)).toEqual([
        `explorer page: not built; not measured in a browser: ${join(dir, 'none.html')} is missing (npm run build ` +
          'writes it)',
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("give the first curve, the engines' ratio of medians and the grid's ratio", () => {
    const lines = explorerLines({ page, browser: figures });
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain('first curve 0.80 s after opening (budget ≤ 1 s), complete 1.20 s (medians of 3 loads');
    // Medians 38 M and 47 M: 0.81, whatever the pairs' own ratios (0.65 … 0.89).
    expect(lines[2]).toContain('38.0 M attempts/s in a page worker against 47.0 M in Node (this thread): 0.81 of');
    expect(lines[2]).toContain('pairs 0.65–0.89');
    expect(lines[3]).toContain('3.00 s on 2 page workers against hexa sweep 2.00 s (others 0.10 CPU-s): 1.50×');
  });
});

describe("the worker's job function, which times both sides of the speed figure", () => {
  it("answers a job with the attempts of its replicates, as Node's engine counts them", () => {
    const job = { request: 1, config: 0, settings: { replicates: '5' }, params: {}, from: 2, to: 5 };
    const a = answer(job);
    if ('error' in a) throw new Error(a.error);
    const run = runOf(job.settings, {});
    const spec = envSpecOf(run);
    let attempts = 0;
    for (let r = 2; r < 5; r++) for (const m of runReplicate(run, spec, r)) attempts += m.attempts;
    expect(a.attempts).toBe(attempts);
    expect(a.replicates).toHaveLength(3);
    expect(a.ms).toBeGreaterThanOrEqual(0);
  });
});
