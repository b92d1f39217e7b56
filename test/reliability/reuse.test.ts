/**
 * Resume or reuse across versions and worlds (docs/reliability.md): what an earlier run wrote is taken up again
 * only if this hexa-sim and this world can mean the same by it — a sweep folder written by another version (or
 * commit) is not resumed, a saved library whose skills claim places outside their world is not loaded. One line,
 * exit 2, the folder or file untouched.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../scripts/sweep/cli.js';
import { hexaHere } from '../helpers/inProcess.js';

const Sqlite = createRequire(import.meta.url)('better-sqlite3') as typeof BetterSqlite3;
const SHORT = ['--rounds', '1', '--tasks', '2', '--replicates', '2', '--quiet'];
const SWEEP = ['sweep', '--explore', '0,0.1', ...SHORT];

function oneLine(r: { status: number | null; stderr: string }, status: number): string {
  const lines = r.stderr.split('\n').filter((l) => l !== '');
  expect(lines, r.stderr).toHaveLength(1);
  expect(r.stderr).not.toMatch(/\n\s+at /);
  expect(r.status).toBe(status);
  return lines[0]!;
}

/** Every file under `dir` with its content and modification time. */
function contents(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .sort()
    .map((n) => {
      const s = statSync(join(dir, n));
      return s.isDirectory() ? `${n}/` : `${n} ${s.mtimeMs} ${readFileSync(join(dir, n), 'utf8').length}`;
    });
}

describe('resume across versions', () => {
  const edits: [string, (doc: Record<string, unknown>) => void, RegExp][] = [
    [
      'another version',
      (doc) => (doc.version = '0.0.9'),
      new RegExp(
        String.raw`^hexa: --resume: 's' was written by hexa-sim 0\.0\.9.*, and this is .*: cells of two versions ` +
          'cannot make one sweep; resume it with that version, or start again with --force$',
      ),
    ],
    [
      'another commit',
      (doc) => (doc.gitCommit = '0123456789abcdef0123456789abcdef01234567'),
      /^hexa: --resume: 's' was written by hexa-sim [^ ]+ \(commit 0123456789ab\), and this is /,
    ],
  ];
  it.each(edits)('a sweep folder written by %s: refused, exit 2, the folder untouched', async (_, edit, line) => {
    const cwd = tempDir('resume-version');
    expect((await hexaHere([...SWEEP, '--out', 's', '--keep-cells', '--fail-fast'], { cwd })).status).toBe(0);
    const path = join(cwd, 's', 'manifest.json');
    const doc = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
    edit(doc);
    doc.status = 'stopped';
    writeFileSync(path, JSON.stringify(doc));
    const before = contents(join(cwd, 's'));
    expect(oneLine(await hexaHere([...SWEEP, '--out', 's', '--resume'], { cwd }), 2)).toMatch(line);
    expect(contents(join(cwd, 's'))).toEqual(before);
  });
});

describe('reuse across worlds', () => {
  it('--library-from a database whose skills claim a place outside their world: refused, exit 2', async () => {
    const cwd = tempDir('reuse-world');
    expect(
      (await hexaHere(['run', '--replicates', '4', '--rounds', '3', '--quiet', '--library-db', 'lib.sqlite'], { cwd }))
        .status,
    ).toBe(0);
    const db = new Sqlite(join(cwd, 'lib.sqlite'));
    const { replicate } = db.prepare("SELECT replicate FROM skills WHERE status = 'active' LIMIT 1").get() as {
      replicate: number;
    };
    db.prepare('UPDATE skills SET position = 7 WHERE replicate = ?').run(replicate);
    db.close();
    expect(oneLine(await hexaHere(['run', ...SHORT, '--library-from', `lib.sqlite#${replicate}`], { cwd }), 2)).toBe(
      `hexa: --library-from: 'lib.sqlite': a skill claims position 7, outside the cell's world of 4 positions × 2 ` +
        'values, 1 context; the file was edited or is damaged, write it again with --library-db',
    );
    const shape = new Sqlite(join(cwd, 'lib.sqlite'));
    shape.exec('UPDATE cells SET arity = 0');
    shape.close();
    expect(oneLine(await hexaHere(['run', ...SHORT, '--library-from', `lib.sqlite#${replicate}`], { cwd }), 2)).toMatch(
      /: cell '[0-9a-f]+' records the shape 4 positions × 0 values, 1 context; the file was edited/,
    );
    expect(readdirSync(cwd)).toEqual(['lib.sqlite']);
  });
});
