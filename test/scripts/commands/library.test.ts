/**
 * `hexa library FILE` and `--library-from` from the shell: a replicate's skills as the database holds them, a
 * canned question whose printed SQL gives the same answer in sqlite3, the matrix naming the library each cell
 * loaded with its SHA-256, and refusals in one line with exit 2 and nothing written.
 */
import { createHash } from 'node:crypto';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizeRun, PUBLISHED_RUN } from '../../../sim/experiment/config.js';
import { openDatabase } from '../../../sim/experiment/libraryDb/sqlite.js';
import { skillDb } from '../../reports/fixtures.js';
import { tempDir } from '../sweep/cli.js';
import { hexaHere } from '../../helpers/inProcess.js';

const hasSqlite3 = spawnSync('sqlite3', ['-version']).status === 0;

let dir: string;
let lib: string;
/** A replicate that ended with two skills. */
let full: number;

beforeAll(() => {
  dir = tempDir('library');
  lib = join(dir, 'static.sqlite');
  const config = normalizeRun({
    ...PUBLISHED_RUN,
    replicates: 30,
    agent: { ...PUBLISHED_RUN.agent, mode: 'online-static', explore: 0.2 },
  });
  skillDb(lib, config);
  const db = openDatabase(lib, { readonly: true });
  full = db
    .prepare("SELECT replicate FROM skills WHERE status = 'active' GROUP BY replicate HAVING COUNT(*) = 2 LIMIT 1")
    .pluck()
    .get() as number;
  db.close();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const oneLine = (r: { status: number | null; stderr: string }, pattern: RegExp): void => {
  expect(r.status).toBe(2);
  expect(r.stderr.trim().split('\n')).toHaveLength(1);
  expect(r.stderr.trim()).toMatch(pattern);
};

describe('hexa library', () => {
  it('prints the median replicate by default, and a chosen one as JSON with the rows of the database', async () => {
    const text = await hexaHere(['library', lib]);
    expect(text.status, text.stderr).toBe(0);
    expect(text.stdout).toMatch(/^[0-9a-f]{16} · lock-v1 · replicate \d+ of 30 \(the median replicate\)\n/);
    const r = await hexaHere(['library', lib, '--replicate', String(full), '--json']);
    expect(r.status, r.stderr).toBe(0);
    const view = JSON.parse(r.stdout) as {
      replicate: number;
      skills: { skillId: number; tests: number; rounds: { round: number; refuted: number }[] }[];
    };
    expect(view.replicate).toBe(full);
    const db = openDatabase(lib, { readonly: true });
    const stored = db.prepare('SELECT skill_id, hits FROM skills WHERE replicate = ? ORDER BY skill_id').all(full) as {
      skill_id: number;
      hits: number;
    }[];
    db.close();
    expect(view.skills.map((s) => [s.skillId, s.tests])).toEqual(stored.map((s) => [s.skill_id, s.hits]));
  });

  it.runIf(hasSqlite3)('answers a question as its printed SQL does in sqlite3', async () => {
    const answer = await hexaHere(['library', lib, '--question', 'refuted', '--json']);
    expect(answer.status, answer.stderr).toBe(0);
    const sql = await hexaHere(['library', lib, '--question', 'refuted', '--sql']);
    expect(sql.status, sql.stderr).toBe(0);
    const viaSqlite = execFileSync('sqlite3', ['-json', lib], { input: sql.stdout, encoding: 'utf8' });
    expect(JSON.parse(viaSqlite)).toEqual(JSON.parse(answer.stdout));
  });

  it('refuses a missing file, a replicate it does not hold, and --sql without a question, in one line', async () => {
    oneLine(await hexaHere(['library', join(dir, 'none.sqlite')]), /^hexa: FILE: .*none\.sqlite/);
    oneLine(await hexaHere(['library', lib, '--replicate', '30']), /^hexa: --replicate: .*'30'/);
    oneLine(await hexaHere(['library', lib, '--sql']), /--sql/);
  });
});

describe('--library-from', () => {
  it('names in the matrix’s JSON the library each offline and off2on cell loaded, with its SHA-256', async () => {
    const sha256 = createHash('sha256').update(readFileSync(lib)).digest('hex');
    const r = await hexaHere([
      'matrix',
      '--library-from',
      `${lib}#${full}`,
      '--env',
      'drift-lock-v1',
      '--replicates',
      '5',
      '--json',
    ]);
    expect(r.status, r.stderr).toBe(0);
    const cells = (JSON.parse(r.stdout) as { cells: { mode: string; library?: { from: string; sha256: string } }[] })
      .cells;
    for (const c of cells) {
      if (c.mode.startsWith('online-')) expect(c.library).toBeUndefined();
      else expect(c.library).toEqual({ from: `${lib}#${full}`, sha256 });
    }
    expect(cells.filter((c) => c.library !== undefined)).toHaveLength(6);
  });

  it('is refused from a world of other positions or values in one line, exit 2, nothing written', async () => {
    for (const world of [
      ['--env', 'mastermind-v1'],
      ['--bits', '6'],
    ]) {
      const out = join(dir, `refused-${world[1]}`);
      const r = await hexaHere(['run', ...world, '--library-from', `${lib}#${full}`, '--out', out]);
      oneLine(r, /^hexa: --library-from: .* was learned in a world of 4 positions × 2 values.* cannot use it$/);
      expect(existsSync(out)).toBe(false);
    }
  });
});
