/**
 * Skill databases that are damaged (docs/reliability.md): a dropped table, a renamed column, a corrupt page, text
 * in a REAL column, a cell with no runs, a file another program holds locked — and, read as a saved library, skills
 * that claim a place outside their world. Each is one line naming the file and what is wrong, exit 2, from both
 * readers: `hexa library FILE` and `--library-from FILE`.
 */
import { closeSync, copyFileSync, ftruncateSync, openSync, writeSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import { beforeAll, describe, expect, it } from 'vitest';
import { UsageError } from '../../sim/core/messages.js';
import { readSavedLibrary } from '../../sim/experiment/libraryDb/savedLibrary.js';
import { tempDir } from '../scripts/sweep/cli.js';
import { hexaHere } from '../helpers/inProcess.js';

const Sqlite = createRequire(import.meta.url)('better-sqlite3') as typeof BetterSqlite3;

let dir = '';
let base = '';
/** A replicate of the base database whose library is not empty (the selector for --library-from). */
let withSkills = 0;

beforeAll(async () => {
  dir = tempDir('damaged');
  base = join(dir, 'base.sqlite');
  const r = await hexaHere(['run', '--replicates', '4', '--rounds', '3', '--quiet', '--library-db', base]);
  expect(r.status, r.stderr).toBe(0);
  const db = new Sqlite(base, { readonly: true });
  withSkills = (
    db.prepare("SELECT replicate FROM skills WHERE status = 'active' ORDER BY replicate LIMIT 1").get() as {
      replicate: number;
    }
  ).replicate;
  db.close();
});

/** A copy of the base database with `sql` applied (or its bytes changed by `bytes`). */
function damaged(name: string, sql: string | null, bytes?: (fd: number) => void): string {
  const path = join(dir, `${name}.sqlite`);
  copyFileSync(base, path);
  if (sql !== null) {
    const db = new Sqlite(path);
    db.exec(sql);
    db.close();
  }
  if (bytes !== undefined) {
    const fd = openSync(path, 'r+');
    bytes(fd);
    closeSync(fd);
  }
  return path;
}

function oneLine(r: { status: number | null; stderr: string }, status: number): string {
  const lines = r.stderr.split('\n').filter((l) => l !== '');
  expect(lines, r.stderr).toHaveLength(1);
  expect(r.stderr).not.toMatch(/\n\s+at /);
  expect(r.status).toBe(status);
  return lines[0]!;
}

const READ = 'cannot be read as a skill database: ';
const CASES: [string, string | null, ((fd: number) => void) | undefined, string][] = [
  ['dropped-table', 'DROP TABLE skills', undefined, "its table 'skills' is missing"],
  [
    'renamed-column',
    'ALTER TABLE skill_rounds RENAME COLUMN confidence TO conf',
    undefined,
    "its table 'skill_rounds' lacks the column 'confidence'",
  ],
  // Page 4 of 4096 bytes overwritten: a b-tree page no longer one.
  ['corrupt-page', null, (fd) => writeSync(fd, Buffer.alloc(2048, 0xff), 0, 2048, 3 * 4096), 'it is damaged ('],
  [
    'text-in-real',
    "UPDATE skills SET confidence = 'high'",
    undefined,
    "holds 'high' in column 'confidence', not a number",
  ],
  ['no-runs', 'DELETE FROM runs', undefined, 'holds no runs'],
];

describe('skill databases that are damaged: one line naming the file and what is wrong, exit 2', () => {
  it.each(CASES)('%s: hexa library', async (name, sql, bytes, what) => {
    const path = damaged(name, sql, bytes);
    const line = oneLine(await hexaHere(['library', path]), 2);
    expect(line.startsWith(`hexa: FILE: '${path}' ${READ}`), line).toBe(true);
    expect(line).toContain(what);
  });

  it.each(CASES)('%s: --library-from', (name, sql, bytes, what) => {
    const path = damaged(`${name}-from`, sql, bytes);
    let message = '';
    try {
      readSavedLibrary('library-from', `${path}#${withSkills}`);
    } catch (e) {
      expect(e).toBeInstanceOf(UsageError);
      message = (e as Error).message;
    }
    expect(message.startsWith(`--library-from: '${path}' ${READ}`), message).toBe(true);
    expect(message).toContain(what);
  });

  it('a file another program locked is called locked at once (not "not a SQLite database" after 5 s)', async () => {
    const path = damaged('locked', null);
    const writer = new Sqlite(path);
    writer.exec('BEGIN EXCLUSIVE; DELETE FROM meta;');
    try {
      const started = Date.now();
      const line = oneLine(await hexaHere(['library', path]), 2);
      expect(line).toBe(`hexa: FILE: '${path}' is locked by another program writing it; try again once it is done`);
      expect(Date.now() - started).toBeLessThan(4000);
    } finally {
      writer.exec('ROLLBACK');
      writer.close();
    }
    // Once the writer is done, it reads.
    expect((await hexaHere(['library', path, '--json'])).status).toBe(0);
  });

  it('an empty file, and a file that is not SQLite, are named for what they are', async () => {
    const empty = damaged('empty', null, (fd) => ftruncateSync(fd, 0));
    expect(oneLine(await hexaHere(['library', empty]), 2)).toMatch(/is not a skill database of this hexa-sim/);
    const text = damaged('text', null, (fd) => writeSync(fd, 'this is text, not SQLite at all', 0));
    expect(oneLine(await hexaHere(['library', text]), 2)).toMatch(
      /is not a skill database of this hexa-sim \(not a SQLite database\)$/,
    );
  });
});
