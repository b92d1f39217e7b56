import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { reproduceSettings } from '../../../scripts/commands/reproduce.js';
import { UsageError } from '../../../sim/core/messages.js';
import { hexaHere } from '../../helpers/inProcess.js';
import { joined } from '../../helpers/pattern.js';

const tmp = (): string => mkdtempSync(join(tmpdir(), 'hexa-reproduce-'));

/** The row ids, in its order. */
const IDS = [
  'random.round1',
  'random.round2',
  'random.round3',
  'random.round4',
  'random.round5',
  'exploit.round1',
  'exploit.round2',
  'exploit.firstSkillRound',
  'exploit.final',
  'exploit.skills',
  'explore.final',
  'explore.skills',
  'separate.final',
  'separate.skills',
  'exploit.tests',
  'exploit.refutations',
  'exploit.refutationRate',
  'threshold90.skills',
  'threshold75.skills',
];
const ROW_KEYS = ['id', 'published', 'mean', 'ci95', 'analytic', 'singleRunPercentile', 'consistent'];

describe('hexa reproduce', () => {
  it('--json follows the schema, and the result folder holds the tables, the runs and the manifest', async () => {
    const dir = tmp();
    // A quick audit at 250 runs per reading: at seed 2 four readings are estimable, so the verdict and its checks
    // are whole, as at the default 1000, for a third of the runs. On one thread: that threads change no byte is
    // checked on the small audit below.
    const r = await hexaHere([
      'reproduce',
      '--json',
      '--replicates',
      '40',
      '--audit-replicates',
      '250',
      '--seed',
      '2',
      '--workers',
      '1',
      '--out',
      join(dir, 'res'),
    ]);
    expect(r.status, r.stderr).toBe(0);
    const doc = JSON.parse(r.stdout) as {
      config: Record<string, unknown>;
      rows: Record<string, unknown>[];
      bounds: Record<string, unknown>[];
      verdict: Record<string, unknown>;
    };
    expect(Object.keys(doc)).toEqual(['config', 'rows', 'bounds', 'verdict']);
    expect(doc.config).toMatchObject({ seed: 2, replicates: 40 });
    expect(doc.rows.map((row) => row.id)).toEqual(IDS);
    for (const row of doc.rows) {
      expect(Object.keys(row)).toEqual(ROW_KEYS);
      expect(typeof row.published).toBe('number');
      expect(typeof row.mean).toBe('number');
      const ci = row.ci95 as [number, number];
      expect(ci[0]).toBeLessThanOrEqual(row.mean as number);
      expect(ci[1]).toBeGreaterThanOrEqual(row.mean as number);
      expect(row.analytic === null || typeof row.analytic === 'number').toBe(true);
      expect(row.singleRunPercentile as number).toBeGreaterThanOrEqual(0);
      expect(row.singleRunPercentile as number).toBeLessThanOrEqual(100);
      expect(typeof row.consistent).toBe('boolean');
    }
    expect(doc.rows.filter((row) => row.analytic !== null).map((row) => row.id)).toContain('random.round3');

    // The verdict: the best reading, its posterior, the readings tied with it, the pattern share, the headline.
    const v = doc.verdict;
    expect(Object.keys(v)).toEqual(
      expect.arrayContaining([
        'best',
        'posterior',
        'posteriorInterval',
        'credible',
        'identified',
        'open',
        'unidentifiable',
        'check',
        'sentences',
      ]),
    );
    const check = v.check as { joint: { pValue: number }; arms: Record<string, { pValue: number }> };
    expect(check.joint.pValue).toBeGreaterThanOrEqual(0);
    expect(check.joint.pValue).toBeLessThanOrEqual(1);
    expect(Object.keys(check.arms)).toContain('exploit');
    expect(Array.isArray(v.unidentifiable)).toBe(true);
    expect(Object.keys(v.best as object).sort()).toEqual([
      'cadence',
      'exploreUnit',
      'samples',
      'testAt',
      'testUnit',
      'update',
      'window',
    ]);
    expect(v.posterior as number).toBeGreaterThan(0);
    expect(v.posterior as number).toBeLessThanOrEqual(1);
    expect((v.credible as unknown[]).length).toBeGreaterThanOrEqual(1);
    expect((v.sentences as string[]).length).toBeGreaterThanOrEqual(3);
    expect((v.sentences as string[]).length).toBeLessThanOrEqual(4);

    const res = join(dir, 'res');
    expect(readdirSync(res).sort()).toEqual([
      'audit.csv',
      'bounds.csv',
      'manifest.json',
      'paired.csv',
      'runs.csv',
      'runs.parquet',
      'table.csv',
      'verdict.json',
    ]);
    expect(JSON.parse(readFileSync(join(res, 'verdict.json'), 'utf8'))).toEqual(v);
    const manifest = JSON.parse(readFileSync(join(res, 'manifest.json'), 'utf8')) as {
      kind: string;
      seed: number;
      config: unknown;
    };
    expect(manifest.kind).toBe('reproduce');
    expect(manifest.seed).toBe(2);
    expect(manifest.config).toEqual(doc.config);
    const runs = readFileSync(join(res, 'runs.csv'), 'utf8').trimEnd().split('\n');
    expect(runs[0]).toMatch(/^arm,env,.*,cadence,window,routing,update,samples,.*,replicate,round,attempts,/);
    // Six published arms and the two openers of the bounds table.
    expect(runs).toHaveLength(1 + 8 * 40 * 5);
    // Bounds: the library against the in-task openers, exact 13/4 each, gap = library − opener.
    expect(doc.bounds.map((b) => b.id)).toEqual(['exploit', 'consistent', 'optimal']);
    for (const b of doc.bounds.slice(1)) {
      expect(b.exact).toBe('13/4');
      expect(b.gap as number).toBeCloseTo((doc.bounds[0]!.mean as number) - (b.mean as number), 9);
    }
    const bounds = readFileSync(join(res, 'bounds.csv'), 'utf8').trimEnd().split('\n');
    expect(bounds[0]).toBe(
      'id,what,published,exact,exactFraction,mean,ci95Low,ci95High,gap,gapCi95Low,gapCi95High,publishedGap',
    );
    expect(bounds.slice(1).map((l) => l.split(',')[0])).toEqual(['exploit', 'consistent', 'optimal']);
    const table = readFileSync(join(res, 'table.csv'), 'utf8').trimEnd().split('\n');
    expect(table.slice(1).map((l) => l.split(',')[0])).toEqual(IDS);
  }, 300_000);

  it('--single shows one run per arm, no verdict; --audit prints the ranking; ' +
    'the text ends with the headline', async () => {
    const dir = tmp();
    const single = await hexaHere(['reproduce', '--single', '--seed', '5', '--out', join(dir, 'single')]);
    expect(single.status, single.stderr).toBe(0);
    expect(single.stdout).toMatch(/one replicate \(seed 5\)/);
    // Figures in words, under their arm (the ids are in --json and table.csv).
    expect(single.stdout).toMatch(
      /^pure exploitation\n(?: {2}.*\n)*? {2}mean attempts in round 5\s+4\.2\s+\d+\.\d\d$/m,
    );
    expect(single.stdout).not.toContain('exploit.final');
    expect(
      readFileSync(join(dir, 'single', 'runs.csv'), 'utf8')
        .trimEnd()
        .split('\n'),
    ).toHaveLength(1 + 8 * 5);
    expect(single.stdout).not.toContain('Verdict:');
    expect(readdirSync(join(dir, 'single'))).not.toContain('verdict.json');

    // A small audit that refines, on `workers` threads, into `out`.
    const smallAudit = (workers: number, out: string) =>
      hexaHere([
        'reproduce',
        '--audit',
        '--replicates',
        '6',
        '--audit-replicates',
        '30',
        '--workers',
        `${workers}`,
        '--out',
        join(dir, out),
      ]);
    const audit = await smallAudit(1, 'audit');
    expect(audit.status, audit.stderr).toBe(0);
    // Same flags but the threads', same bytes: the threads share out the runs (the refined readings' too), never
    // what they give. Checked on this small audit, which refines.
    const threaded = await smallAudit(2, 'threaded');
    expect(threaded.status, threaded.stderr).toBe(0);
    expect(threaded.stdout.split('\n\nWrote ')[0]).toBe(audit.stdout.split('\n\nWrote ')[0]);
    for (const f of ['table.csv', 'runs.csv', 'paired.csv', 'bounds.csv', 'audit.csv', 'verdict.json'])
      expect(readFileSync(join(dir, 'threaded', f), 'utf8')).toBe(readFileSync(join(dir, 'audit', f), 'utf8'));
    expect(audit.stdout).toContain('Audit of the hidden choices (128 readings');
    expect(audit.stdout).toContain(
      "Identified (interval's low end ≥ 0.95 at every bandwidth, no reading that could compete holding " +
        'another value): ',
    );
    const rows = readFileSync(join(dir, 'audit', 'audit.csv'), 'utf8')
      .trimEnd()
      .split('\n');
    expect(rows).toHaveLength(1 + 128);
    expect(rows[0]).toMatch(
      joined(
        /^rank,cadence,window,update,samples,exploreUnit,testUnit,testAt,/,
        /estimable,logLikelihood,logLikelihoodSe,posterior,/,
      ),
    );
    // The headline closes the output: three or four sentences under "Verdict:".
    const tail = audit.stdout.trimEnd().split('\n');
    const at = tail.lastIndexOf('Verdict:');
    expect(at).toBeGreaterThan(0);
    const headline = tail.slice(at + 1, -2); // then a blank line and "Wrote …"
    expect(headline.length).toBeGreaterThanOrEqual(3);
    expect(headline.length).toBeLessThanOrEqual(4);
    for (const line of headline) expect(line).toMatch(/^ {2}[A-Z].*\.\)?$/);
  }, 300_000);

  it("--calibrate runs the audit's decision on simulated publications of known readings and reports each", async () => {
    const dir = tmp();
    const r = await hexaHere([
      'reproduce',
      '--calibrate',
      '--json',
      '--replicates',
      '5',
      // The command's wiring, not its goals (those need banks of thousands of runs, calibrate.scale.test.ts).
      '--audit-replicates',
      '10',
      '--publications',
      '3',
      '--workers',
      '1',
      '--out',
      join(dir, 'res'),
    ]);
    expect(r.status, r.stderr).toBe(0);
    const doc = JSON.parse(r.stdout) as { calibration: { truths: Record<string, unknown>[] } };
    expect(doc.calibration.truths.length).toBeGreaterThanOrEqual(6);
    for (const t of doc.calibration.truths) {
      expect(Object.keys(t)).toEqual(
        expect.arrayContaining([
          'hidden',
          'publications',
          'wrongIdentifications',
          'identified',
          'confidenceCoverage90',
          'randomizedCoverage90',
          'credibleCoverage90',
        ]),
      );
      expect(t.publications).toBe(3);
    }
    expect(readdirSync(join(dir, 'res'))).toEqual(expect.arrayContaining(['calibration.csv', 'calibration.json']));
  }, 300_000);

  describe('bad input: one line naming the flag, exit 2, nothing written', () => {
    const cases: [string, string[], RegExp][] = [
      ['hidden choice', ['--cadence', 'weekly'], /^hexa: --cadence: 'weekly' is not one of task, round$/],
      ['one replicate', ['--replicates', '1'], /^hexa: --replicates: '1' is below the minimum 2$/],
      ['--single with --audit', ['--single', '--audit'], /^hexa: --single and --audit cannot be used together$/],
      [
        '--single with --calibrate',
        ['--single', '--calibrate'],
        /^hexa: --single and --calibrate cannot be used together$/,
      ],
      ['--publications alone', ['--publications', '5'], /^hexa: --publications only applies with --calibrate$/],
      [
        '--single with --audit-replicates',
        ['--single', '--audit-replicates', '50'],
        /^hexa: --single and --audit-replicates cannot be used together$/,
      ],
    ];
    for (const [name, args, pattern] of cases) {
      it(name, async () => {
        const dir = tmp();
        const r = await hexaHere(['reproduce', ...args, '--out', join(dir, 'res')]);
        expect(r.status).toBe(2);
        expect(r.stdout).toBe('');
        expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
        expect(r.stderr.trimEnd()).toMatch(pattern);
        expect(existsSync(join(dir, 'res'))).toBe(false);
      });
    }

    it('refuses an existing folder and keeps it intact', async () => {
      const dir = tmp();
      mkdirSync(join(dir, 'res'));
      writeFileSync(join(dir, 'res', 'table.csv'), 'precious');
      const r = await hexaHere(['reproduce', '--replicates', '5', '--out', join(dir, 'res')]);
      expect(r.status).toBe(2);
      expect(r.stderr).toMatch(/^hexa: --out: '.*res' already exists \(use --force to replace it\)\n$/);
      expect(readdirSync(join(dir, 'res'))).toEqual(['table.csv']);
      expect(readFileSync(join(dir, 'res', 'table.csv'), 'utf8')).toBe('precious');
    });

    it('validates every value before any work', () => {
      const bad: [Record<string, unknown>, RegExp][] = [
        [{ window: 'week' }, /--window: 'week' is not one of/],
        [{ 'test-at': 'later' }, /--test-at: 'later' is not one of record, evolve/],
        [{ replicates: 'many' }, /--replicates: 'many' is not a whole number/],
        [{ seed: '-1' }, /--seed: '-1' is below the minimum 0/],
        [{ workers: '0' }, /--workers: '0' is below the minimum 1/],
        [{ 'audit-replicates': '1' }, /--audit-replicates: '1' is below the minimum 2/],
        [{ cadence: ['task', 'round'] }, /--cadence was given more than once/],
      ];
      for (const [argv, pattern] of bad) {
        expect(() => reproduceSettings(argv), JSON.stringify(argv)).toThrow(UsageError);
        expect(() => reproduceSettings(argv)).toThrow(pattern);
      }
      expect(reproduceSettings({ cadence: 'task', replicates: '7' })).toMatchObject({
        hidden: { cadence: 'task' },
        replicates: 7,
        seed: 1,
        auditReplicates: 1000,
      });
      // The full audit with --audit or --calibrate.
      expect(reproduceSettings({ audit: true }).auditReplicates).toBe(10_000);
      expect(reproduceSettings({ calibrate: true }).auditReplicates).toBe(10_000);
    });
  });
});

describe('hexa reproduce --markdown FILE', () => {
  const dir = mkdtempSync(join(tmpdir(), 'hexa-reproduce-md-'));
  const page = join(dir, 'page.md');

  it('writes the printed tables between the reproduce markers, keeping the prose', async () => {
    const before =
      '# Prose\n\n<!-- reproduce:begin (generated; do not edit by hand) -->\nold\n<!-- reproduce:end -->\n\nAfter.\n';
    writeFileSync(page, before);
    const out = join(dir, 'out');
    const r = await hexaHere(['reproduce', '--single', '--out', out, '--markdown', page]);
    expect(r.status).toBe(0);
    const text = readFileSync(page, 'utf8');
    expect(text.startsWith('# Prose\n\n<!-- reproduce:begin')).toBe(true);
    expect(text.endsWith('<!-- reproduce:end -->\n\nAfter.\n')).toBe(true);
    expect(text).not.toContain('\nold\n');
    // The tables as printed: the same lines the command wrote to stdout, in a text block.
    const printed = r.stdout.split('\n\nWrote ')[0]!;
    expect(text).toContain(`\`\`\`text\n${printed}\n\`\`\``);
    expect(text).toMatch(/Measured \d{4}-\d\d-\d\d by `hexa reproduce --single --markdown \S+page\.md`/);
  });

  it('refuses a page without the markers before any work: one line, exit 2, nothing written', async () => {
    writeFileSync(page, '# no markers\n');
    const out = join(dir, 'refused');
    const r = await hexaHere(['reproduce', '--single', '--out', out, '--markdown', page]);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^hexa: --markdown: '.*page\.md' has no reproduce:begin … reproduce:end markers/);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(existsSync(out)).toBe(false);
    expect(readFileSync(page, 'utf8')).toBe('# no markers\n');
  });
});
