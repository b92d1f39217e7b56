/**
 * Results that cannot be true (docs/reliability.md): `hexa report` checks every value of a result folder against
 * what its metric can be — counts whole and at least 0, shares within 0 … 1, a task's mean attempts within 1 …
 * the cap, no more solved tasks than tasks, no more refutations than tests — and each group against the counts
 * its manifest gives (replicates per cell, cells done), while it reads the rows; one that fails is one line naming
 * the file, the line, the column and the cell, exit 2, nothing written. A folder whose manifest cannot verify its
 * rows (no checksum of them, no replicates) is reported, saying so on stderr and in the page's headline.
 *
 * The folders are changed as a forger would, the manifest's checksums recomputed, so that only these checks stand
 * between the change and the report.
 */
import { cpSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { checksumsOf } from '../../reports/store/checksums.js';
import { tempDir } from '../scripts/sweep/cli.js';
import { hexaHere } from '../helpers/inProcess.js';

let root: string;
let sweep: string;
let header: string[];

beforeAll(async () => {
  root = tempDir('impossible');
  sweep = join(root, 'sweep');
  const r = await hexaHere([
    'sweep',
    '--explore',
    '0,0.2',
    '--replicates',
    '4',
    '--tasks',
    '6',
    '--out',
    sweep,
    '--quiet',
  ]);
  expect(r.status, r.stderr).toBe(0);
  header = readFileSync(join(sweep, 'results.csv'), 'utf8').split('\n')[0]!.split(',');
}, 60_000);

/** A copy of the sweep whose results.csv lines go through `edit`, its manifest's checksums made to match. */
function forged(name: string, edit: (lines: string[]) => string[]): string {
  const dir = join(root, name);
  cpSync(sweep, dir, { recursive: true });
  const path = join(dir, 'results.csv');
  writeFileSync(path, `${edit(readFileSync(path, 'utf8').trimEnd().split('\n')).join('\n')}\n`);
  const manifestPath = join(dir, 'manifest.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  manifest.checksums = { ...manifest.checksums, ...checksumsOf(dir, ['results.csv']) };
  writeFileSync(manifestPath, JSON.stringify(manifest, null, 2));
  return dir;
}

/** Line `at` (1-based, the header is 1) with `column` set to `value`. */
const setting =
  (at: number, column: string, value: string) =>
  (lines: string[]): string[] =>
    lines.map((l, i) => {
      if (i !== at - 1) return l;
      const fields = l.split(',');
      fields[header.indexOf(column)] = value;
      return fields.join(',');
    });

const cellAt = (at: number): string =>
  readFileSync(join(sweep, 'results.csv'), 'utf8').split('\n')[at - 1]!.split(',')[0]!;

async function refused(dir: string, line: RegExp): Promise<void> {
  const out = join(dir, 'report');
  const r = await hexaHere(['report', dir, '--resamples', '100', '--quiet']);
  expect(r.status, r.stderr).toBe(2);
  expect(r.stdout).toBe('');
  const lines = r.stderr.trimEnd().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(line);
  expect(existsSync(out)).toBe(false);
}

describe('hexa report refuses results that cannot be true', () => {
  const impossible = (column: string, value: string, why: string): [string, string, string, string] => [
    `${column} ${value}`,
    column,
    value,
    why,
  ];
  it.each([
    impossible('meanAttempts', '-7', String.raw`a task takes from 1 attempt to the cap \(20\)`),
    impossible('meanAttempts', '20.5', String.raw`a task takes from 1 attempt to the cap \(20\)`),
    impossible('meanAttempts', '0.5', String.raw`a task takes from 1 attempt to the cap \(20\)`),
    impossible('solveRate', '1.5', 'a share is between 0 and 1'),
    impossible('refutationRate', '-0.1', 'a share is between 0 and 1'),
    impossible('skills', '2.5', 'a count is a whole number, at least 0'),
    impossible('tests', '-1', 'a count is a whole number, at least 0'),
    impossible('solved', '7', 'a round has 6 tasks'),
    impossible('tasksWithSkills', '9', 'a round has 6 tasks'),
    impossible('refutations', '100000', String.raw`only \d+ tests in the round`),
  ])('%s', async (_name, column, value, why) => {
    const dir = forged(`${column}-${value}`, setting(9, column, value));
    await refused(
      dir,
      new RegExp(
        String.raw`^hexa: DIR: '.*results\.csv' line 9: ${column} is ${value} for cell '${cellAt(9)}', ` +
          `which cannot be \\(${why}\\)$`,
      ),
    );
  });

  it('a cell with a replicate fewer than the manifest says', async () => {
    // The second cell's last replicate (5 rounds) removed: 41 lines are the header and 2 cells × 4 replicates × 5.
    const dir = forged('short-cell', (lines) => [...lines.slice(0, 36), ...lines.slice(41)]);
    await refused(
      dir,
      new RegExp(
        String.raw`^hexa: DIR: '.*results\.csv': cell '${cellAt(22)}' has 3 replicates where the manifest says 4; ` +
          'its rows were changed after they were written',
      ),
    );
  });

  it('more cells than the manifest lists as done', async () => {
    const dir = forged('extra-cell', (lines) => [
      ...lines,
      ...lines.slice(1, 21).map((l) => `0000000000000000${l.slice(l.indexOf(','))}`),
    ]);
    await refused(dir, /results\.csv': the rows hold 3 cells where the manifest lists 2 as done; /);
  });
});

describe('hexa report says when a manifest cannot verify the results', () => {
  it('a manifest of just {"kind":"sweep"}: reported, "unverified" on stderr and in the headline', async () => {
    const dir = join(root, 'bare-manifest');
    cpSync(sweep, dir, { recursive: true });
    writeFileSync(join(dir, 'manifest.json'), '{"kind":"sweep"}');
    const r = await hexaHere(['report', dir, '--resamples', '100', '--quiet']);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr.trimEnd().split('\n')).toEqual([
      'hexa report: warning: unverified: manifest.json records no checksum of results.csv and no replicates per ' +
        'group, so nothing shows these rows are the ones hexa wrote; they are reported as they stand',
    ]);
    const page = readFileSync(join(dir, 'report', 'index.html'), 'utf8');
    const headline = page.slice(page.indexOf('<header class="headline"'), page.indexOf('</header>'));
    expect(headline).toContain('<strong>Unverified results:</strong> manifest.json records no checksum');
  });

  it('a folder its manifest verifies: no warning', async () => {
    const r = await hexaHere(['report', sweep, '--out', join(root, 'verified'), '--resamples', '100', '--quiet']);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
    expect(readFileSync(join(root, 'verified', 'index.html'), 'utf8')).not.toContain('Unverified');
  });
});
