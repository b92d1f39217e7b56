/**
 * `--library-db FILE.sqlite` on run, sweep and reproduce, as a user runs them: a database the sqlite3 CLI
 * opens, whose rows agree with the run's CSV; the same content (and the same bytes) on any worker count
 * and after a resume; an existing file refused in one line, and kept.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../sweep/cli.js';
import { hexaHere } from '../../helpers/inProcess.js';

const hasSqlite3 = spawnSync('sqlite3', ['-version']).status === 0;
if (!hasSqlite3) {
  if (process.env.CI === 'true') throw new Error('sqlite3 (the CLI) is required in CI');
  process.stderr.write('libraryDb.test: sqlite3 not installed, its checks skip\n');
}

let dir: string;
beforeAll(() => {
  dir = tempDir('librarydb');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const sql = (file: string, query: string): string => execFileSync('sqlite3', [file, query], { encoding: 'utf8' });
const dump = (file: string): string => execFileSync('sqlite3', [file, '.dump'], { encoding: 'utf8' });

describe('hexa run --library-db', () => {
  it.runIf(hasSqlite3)('writes a database sqlite3 opens, whose rows agree with the run’s CSV', async () => {
    const db = join(dir, 'run.sqlite');
    const csv = join(dir, 'run.csv');
    const r = await hexaHere([
      'run',
      '--replicates',
      '40',
      '--explore',
      '0.2',
      '--library-db',
      db,
      '--csv',
      csv,
      '--quiet',
    ]);
    expect(r.status, r.stderr).toBe(0);
    expect(sql(db, 'PRAGMA user_version').trim()).toBe('1');
    expect(sql(db, "SELECT value FROM meta WHERE key = 'command'").trim()).toBe('run');
    const rows = parse(readFileSync(csv, 'utf8'), { columns: true }) as Record<string, string>[];
    const fromDb = sql(db, 'SELECT replicate, round, skills, tests, refutations FROM runs ORDER BY replicate, round')
      .trim()
      .split('\n');
    expect(fromDb).toEqual(rows.map((x) => [x.replicate, x.round, x.skills, x.tests, x.refutations].join('|')));
    // Per replicate and round, the skill rows add up to the CSV's tests and refutations ...
    const sums = sql(
      db,
      `SELECT r.replicate, r.round, IFNULL(SUM(s.tests), 0), IFNULL(SUM(s.refuted), 0) FROM runs r
       LEFT JOIN skill_rounds s ON s.cell = r.cell AND s.replicate = r.replicate AND s.round = r.round
       GROUP BY r.replicate, r.round ORDER BY r.replicate, r.round`,
    )
      .trim()
      .split('\n');
    expect(sums).toEqual(rows.map((x) => [x.replicate, x.round, x.tests, x.refutations].join('|')));
    // ... and the library after the last round is the CSV's skills.
    const last = rows.filter((x) => x.round === '5');
    const kept = sql(
      db,
      `SELECT r.replicate, (SELECT COUNT(*) FROM skills s WHERE s.cell = r.cell AND s.replicate = r.replicate
         AND s.status = 'active' AND s.weight > 0) FROM runs r WHERE r.round = 5 ORDER BY r.replicate`,
    )
      .trim()
      .split('\n');
    expect(kept).toEqual(last.map((x) => `${x.replicate}|${x.skills}`));
  });

  it('refuses an existing file in one line and leaves it as it was', async () => {
    const db = join(dir, 'exists.sqlite');
    writeFileSync(db, 'keep me');
    const r = await hexaHere(['run', '--library-db', db]);
    expect(r.status).toBe(2);
    expect(r.stderr.trim()).toMatch(
      /^hexa: --library-db: '.*exists\.sqlite' already exists \(use --force to replace it\)$/,
    );
    expect(readFileSync(db, 'utf8')).toBe('keep me');
  });

  it('refuses - (stdout) in one line: a database is a file', async () => {
    for (const command of ['run', 'sweep', 'reproduce']) {
      const r = await hexaHere([command, '--library-db', '-', '--out', join(dir, `stdout-${command}`)]);
      expect(r.status, command).toBe(2);
      expect(r.stderr).toBe('hexa: --library-db: writes a SQLite database, a file, not to stdout (-); name a file\n');
      expect(existsSync(join(dir, `stdout-${command}`)), command).toBe(false);
    }
  });
});

describe('hexa sweep --library-db', () => {
  const grid = ['--explore', '0,0.2', '--threshold', '0.75,0.85', '--replicates', '30', '--quiet'];

  it.runIf(hasSqlite3)('gives the same database on one worker and two, and after a resume', async () => {
    const one = join(dir, 'w1.sqlite');
    const two = join(dir, 'w2.sqlite');
    for (const [out, db, workers] of [
      ['w1', one, '1'],
      ['w2', two, '2'],
    ] as const) {
      const r = await hexaHere(['sweep', ...grid, '--out', join(dir, out), '--workers', workers, '--library-db', db]);
      expect(r.status, r.stderr).toBe(0);
    }
    expect(dump(two)).toBe(dump(one));
    expect(readFileSync(two).equals(readFileSync(one))).toBe(true);
    expect(sql(one, 'SELECT COUNT(*) FROM cells').trim()).toBe('4');
    const manifest = JSON.parse(readFileSync(join(dir, 'w2', 'manifest.json'), 'utf8')) as {
      libraryDb: { file: string; sha256: string };
    };
    expect(manifest.libraryDb.file).toBe(two);
    expect(manifest.libraryDb.sha256).toMatch(/^[0-9a-f]{64}$/);

    // Cells that failed, then a resume that finishes them: the database is whole again.
    const out = join(dir, 'resumed');
    const db = join(dir, 'resumed.sqlite');
    const failing = await hexaHere(['sweep', ...grid, '--out', out, '--workers', '2', '--library-db', db], {
      env: { HEXA_SWEEP_FAIL_WHEN: 'explore=0.2' },
    });
    expect(failing.status).toBe(1);
    expect(sql(db, 'SELECT COUNT(*) FROM cells').trim()).toBe('2');
    const resumed = await hexaHere(['sweep', ...grid, '--out', out, '--workers', '2', '--library-db', db, '--resume']);
    expect(resumed.status, resumed.stderr).toBe(0);
    expect(dump(db)).toBe(dump(one));
  });
});

describe('hexa reproduce --library-db', () => {
  it.runIf(hasSqlite3)('holds one cell an arm, labelled with its id, the same on one worker and two', async () => {
    const common = ['reproduce', '--replicates', '20', '--audit-replicates', '40', '--quiet'];
    const dbs: string[] = [];
    for (const w of ['1', '2']) {
      const db = join(dir, `rep${w}.sqlite`);
      const r = await hexaHere([...common, '--workers', w, '--out', join(dir, `rep${w}`), '--library-db', db]);
      expect(r.status, r.stderr).toBe(0);
      dbs.push(db);
    }
    expect(dump(dbs[1]!)).toBe(dump(dbs[0]!));
    expect(sql(dbs[0]!, 'SELECT label FROM cells ORDER BY label').trim().split('\n')).toEqual([
      'exploit',
      'explore',
      'random',
      'separate',
      'threshold75',
      'threshold90',
    ]);
    const manifest = JSON.parse(readFileSync(join(dir, 'rep1', 'manifest.json'), 'utf8')) as {
      libraryDb: { sha256: string };
    };
    expect(manifest.libraryDb.sha256).toMatch(/^[0-9a-f]{64}$/);
  });
});
