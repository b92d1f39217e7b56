import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadResultFolder } from '../../reports/resultFolder.js';
import { auditGrid } from '../../sim/reproduction/audit.js';
import { UsageError } from '../../sim/core/messages.js';
import { reproduceFolder, runFolder, sweepFolder, tempDir, withoutChecksums } from './fixtures.js';

let root: string;
let run: string;
let reproduce: string;
let sweep: string;

beforeAll(async () => {
  root = tempDir();
  run = runFolder(join(root, 'run'), 6);
  reproduce = await reproduceFolder(join(root, 'reproduce'), 5, true);
  sweep = sweepFolder(join(root, 'sweep'), { explore: [0, 0.2], threshold: [0.75, 0.85, 0.9] }, 3);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

/**
 * A copy of `from` with one file replaced (or removed when `text` is null), its manifest without checksums (as
 * an old folder's) so that the changed file is read, not refused as changed.
 */
function variant(from: string, name: string, file: string, text: string | null): string {
  const dir = join(root, name);
  mkdirSync(dir, { recursive: true });
  for (const f of ['manifest.json', 'runs.csv', 'results.csv', 'table.csv']) {
    try {
      writeFileSync(join(dir, f), readFileSync(join(from, f)));
    } catch {
      // not in this kind of folder
    }
  }
  withoutChecksums(dir);
  if (text === null) rmSync(join(dir, file));
  else writeFileSync(join(dir, file), text);
  return dir;
}

function usageMessage(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    if (e instanceof UsageError) return e.message;
    throw e;
  }
  throw new Error('expected a UsageError');
}

describe('loadResultFolder', () => {
  it('reads a run as one group with a full replicate × round grid', () => {
    const data = loadResultFolder(run);
    expect(data.kind).toBe('run');
    expect(data.groups).toHaveLength(1);
    const g = data.groups[0]!;
    expect(g.replicates).toEqual([0, 1, 2, 3, 4, 5]);
    expect(g.rounds).toEqual([1, 2, 3, 4, 5]);
    expect(g.values('meanAttempts', 0)).toHaveLength(6);
    expect(g.params.threshold).toBe('0.85');
    expect(data.swept).toEqual([]);
    expect(data.seed).toBe(1);
  });

  it('reads reproduce arms, the table and the audit, and finds what differs between arms', () => {
    const data = loadResultFolder(reproduce);
    expect(data.groups.map((g) => g.id)).toEqual([
      'random',
      'exploit',
      'explore',
      'separate',
      'threshold90',
      'threshold75',
      'consistent',
      'optimal',
    ]);
    expect(data.table?.header).toContain('published');
    expect(data.audit?.rows).toHaveLength(auditGrid().length);
    expect(data.verdict?.sentences.length).toBeGreaterThanOrEqual(3);
    expect(
      loadResultFolder(
        variant(reproduce, 'noverdict', 'manifest.json', readFileSync(join(reproduce, 'manifest.json'), 'utf8')),
      ).verdict,
    ).toBeNull();
    expect(data.swept).toEqual(expect.arrayContaining(['library', 'threshold', 'explore', 'routing']));
    expect(data.swept).not.toContain('bits');
  });

  it('reads sweep cells and the swept parameters', () => {
    const data = loadResultFolder(sweep);
    expect(data.groups).toHaveLength(6);
    expect(data.swept).toEqual(['threshold', 'explore']); // file (configColumns) order
  });

  it('tolerates extra columns: constant ones become parameters, varying ones are ignored', () => {
    const lines = readFileSync(join(run, 'runs.csv'), 'utf8').trimEnd().split('\n');
    const text = `${lines.map((l, i) => (i === 0 ? `${l},note,wallMs` : `${l},pilot,${i * 7}`)).join('\n')}\n`;
    const data = loadResultFolder(variant(run, 'extra', 'runs.csv', text));
    expect(data.parameters).toContain('note');
    expect(data.parameters).not.toContain('wallMs');
  });

  it('rejects what is not a result folder', () => {
    expect(usageMessage(() => loadResultFolder(join(root, 'nope')))).toMatch(
      /^DIR: '.*nope' is not a result folder \(it does not exist\)$/,
    );
    expect(usageMessage(() => loadResultFolder(join(run, 'runs.csv')))).toMatch(/it is a file/);
    expect(usageMessage(() => loadResultFolder(variant(run, 'nomanifest', 'manifest.json', null)))).toMatch(
      /no manifest\.json/,
    );
    expect(usageMessage(() => loadResultFolder(variant(run, 'badjson', 'manifest.json', '{"kind": ')))).toMatch(
      /not valid JSON/,
    );
    expect(usageMessage(() => loadResultFolder(variant(run, 'badkind', 'manifest.json', '{"kind": "bench"}')))).toMatch(
      /no kind 'run', 'sweep', 'reproduce'/,
    );
    expect(usageMessage(() => loadResultFolder(variant(run, 'nocsv', 'runs.csv', null)))).toMatch(/no runs\.csv/);
    expect(usageMessage(() => loadResultFolder(variant(reproduce, 'notable', 'table.csv', null)))).toMatch(
      /no table\.csv/,
    );
    expect(
      usageMessage(() => loadResultFolder(variant(reproduce, 'badverdict', 'verdict.json', '{"sentences": '))),
    ).toMatch(/verdict\.json is not valid JSON\)$/);
    expect(
      usageMessage(() => loadResultFolder(variant(reproduce, 'nosentences', 'verdict.json', '{"sentences": [1]}'))),
    ).toMatch(/verdict\.json has no list of sentences\)$/);
  });

  it('rejects missing columns, torn rows, bad values and incomplete grids, naming file and line', () => {
    const text = readFileSync(join(run, 'runs.csv'), 'utf8');
    const lines = text.trimEnd().split('\n');
    const header = lines[0]!.split(',');
    const drop = (col: string): string => {
      const j = header.indexOf(col);
      return lines
        .map((l) =>
          l
            .split(',')
            .filter((_, k) => k !== j)
            .join(','),
        )
        .join('\n');
    };
    expect(usageMessage(() => loadResultFolder(variant(run, 'nocol', 'runs.csv', drop('meanAttempts'))))).toMatch(
      /lacks required column meanAttempts$/,
    );
    const torn = [...lines.slice(0, 4), lines[4]!.slice(0, lines[4]!.lastIndexOf(','))].join('\n');
    expect(usageMessage(() => loadResultFolder(variant(run, 'torn', 'runs.csv', torn)))).toMatch(
      /runs\.csv' line 5: torn row/,
    );
    const j = header.indexOf('skills');
    const bad = lines
      .map((l, i) =>
        i === 3
          ? l
              .split(',')
              .map((c, k) => (k === j ? 'x1' : c))
              .join(',')
          : l,
      )
      .join('\n');
    expect(usageMessage(() => loadResultFolder(variant(run, 'badvalue', 'runs.csv', bad)))).toMatch(
      /line 4: skills is 'x1', not a number$/,
    );
    const dup = [...lines, lines[2]!].join('\n');
    expect(usageMessage(() => loadResultFolder(variant(run, 'dup', 'runs.csv', dup)))).toMatch(
      /replicate 0 round 2 twice/,
    );
    const hole = lines.filter((_, i) => i !== 7).join('\n');
    expect(usageMessage(() => loadResultFolder(variant(run, 'hole', 'runs.csv', hole)))).toMatch(
      /incomplete: the run lacks round 2 of replicate 1$/,
    );
    expect(usageMessage(() => loadResultFolder(variant(run, 'empty', 'runs.csv', lines[0]!)))).toMatch(
      /has a header but no rows/,
    );
    expect(
      usageMessage(() => loadResultFolder(variant(reproduce, 'tablecols', 'table.csv', 'id,mean\na,1\n'))),
    ).toMatch(/table\.csv' lacks required column published$/);
  });

  it('refuses a cell whose rows are not together (the rows are read cell after cell), naming the line', () => {
    // The first cell's second replicate (5 rounds) moved to the end of the file.
    const lines = readFileSync(join(sweep, 'results.csv'), 'utf8').trimEnd().split('\n');
    const moved = [...lines.slice(0, 6), ...lines.slice(11), ...lines.slice(6, 11)].join('\n');
    const cell = lines[6]!.split(',')[0]!;
    const dir = variant(sweep, 'scattered', 'results.csv', moved);
    // Without the replicates a cell has, the cell the moved rows left reads as complete until they come again.
    const { replicates: _, ...manifest } = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
    writeFileSync(join(dir, 'manifest.json'), JSON.stringify(manifest));
    expect(usageMessage(() => loadResultFolder(dir))).toMatch(
      new RegExp(`results\\.csv' line ${lines.length - 4}: cell '${cell}' comes again after other cells; `),
    );
  });
});
