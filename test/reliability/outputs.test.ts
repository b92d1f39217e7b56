/**
 * The one rule every output flag follows (scripts/program/outputs.ts), class by class of docs/reliability.md:
 * an output that is not a plain file (a pipe, a device, a link), two outputs on one path, and two processes
 * writing one output. Each refusal is one line, exit 2, with the working folder as it was.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../sim/core/messages.js';
import { OutputPlan } from '../../scripts/program/outputs.js';
import { hexa, hexaArgv, tempDir } from '../scripts/sweep/cli.js';
import { hexaHere } from '../helpers/inProcess.js';

const SHORT = ['--rounds', '1', '--tasks', '2', '--replicates', '2', '--quiet'];
const SWEEP = ['sweep', '--explore', '0,0.1', ...SHORT];

/** Exactly one line on stderr, no stack, the status; returns the line. */
function oneLine(r: { status: number | null; stderr: string }, status: number): string {
  const lines = r.stderr.split('\n').filter((l) => l !== '');
  expect(lines, r.stderr).toHaveLength(1);
  expect(r.stderr).not.toMatch(/\n\s+at /);
  expect(r.status, r.stderr).toBe(status);
  return lines[0]!;
}

/** Names, kinds and link targets under `dir` (not contents: a pipe cannot be read without a writer). */
function kinds(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .map((n) => {
      const s = lstatSync(join(dir, n));
      const kind = s.isSymbolicLink() ? 'link' : s.isFIFO() ? 'fifo' : s.isCharacterDevice() ? 'char' : 'other';
      return `${n}:${s.isFile() ? `file ${s.size}` : s.isDirectory() ? 'dir' : kind}`;
    });
}

const fifo = (path: string): void => void execFileSync('mkfifo', [path]);

/** A character device of our own (the /dev/null numbers), where this process may make one (root). */
function charDevice(path: string): boolean {
  try {
    execFileSync('mknod', [path, 'c', '1', '3'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
const canMknod = charDevice(join(tempDir('mknod'), 'probe'));
if (!canMknod) console.warn('character-device cases skipped: this process may not mknod (they need root)');

describe('an output that is not a plain file', () => {
  const refusals: [string, string[], (cwd: string) => void, RegExp][] = [
    [
      '--library-db onto a pipe, even with --force',
      ['run', ...SHORT, '--library-db', 'p', '--force'],
      (cwd) => fifo(join(cwd, 'p')),
      /^hexa: --library-db: 'p' is a pipe \(FIFO\); a SQLite database is written whole .* needs a regular file/,
    ],
    [
      '--library-db onto a link to a pipe (sweep)',
      [...SWEEP, '--out', 's', '--library-db', 'l', '--force'],
      (cwd) => {
        fifo(join(cwd, 'p'));
        symlinkSync('p', join(cwd, 'l'));
      },
      /^hexa: --library-db: 'l' is a pipe \(FIFO\)/,
    ],
    [
      '--out onto a pipe, with --force',
      ['run', ...SHORT, '--out', 'p', '--force'],
      (cwd) => fifo(join(cwd, 'p')),
      /^hexa: --out: 'p' is a pipe \(FIFO\), not a folder; name a folder/,
    ],
    [
      'sweep --out onto a pipe',
      [...SWEEP, '--out', 'p'],
      (cwd) => fifo(join(cwd, 'p')),
      /^hexa: --out: 'p' is a pipe \(FIFO\), not a folder/,
    ],
    [
      'run --out onto a file, with --force (the line does not suggest --force)',
      ['run', ...SHORT, '--out', 'f', '--force'],
      (cwd) => writeFileSync(join(cwd, 'f'), 'mine\n'),
      /^hexa: --out: 'f' is a file, not a folder; name a folder \(hexa never replaces a file with one\)$/,
    ],
  ];
  it.each(refusals)('%s: refused, one line, exit 2, nothing replaced', async (_, args, setup, line) => {
    const cwd = tempDir('kind');
    setup(cwd);
    const before = kinds(cwd);
    expect(oneLine(await hexaHere(args, { cwd }), 2)).toMatch(line);
    expect(kinds(cwd)).toEqual(before);
  });

  it.skipIf(!canMknod)('--library-db onto a character device is refused and the device stays one', async () => {
    const cwd = tempDir('chardev');
    charDevice(join(cwd, 'null'));
    expect(oneLine(await hexaHere(['run', ...SHORT, '--library-db', 'null', '--force'], { cwd }), 2)).toMatch(
      /^hexa: --library-db: 'null' is a character device; a SQLite database/,
    );
    expect(statSync(join(cwd, 'null')).isCharacterDevice()).toBe(true);
  });

  it.skipIf(!canMknod)('--csv into a character device is written into it, and it stays one', async () => {
    const cwd = tempDir('chardev-csv');
    charDevice(join(cwd, 'null'));
    const r = await hexaHere(['run', ...SHORT, '--csv', 'null'], { cwd });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(statSync(join(cwd, 'null')).isCharacterDevice()).toBe(true);
    expect(readdirSync(cwd)).toEqual(['null']);
  });

  it('--csv into a pipe streams the rows to its reader; the pipe stays a pipe', () => {
    const cwd = tempDir('csv-fifo');
    fifo(join(cwd, 'p'));
    const cli = [process.execPath, ...hexaArgv(['run', ...SHORT, '--csv', 'p'])].map((a) => `'${a}'`).join(' ');
    const r = spawnSync('bash', ['-c', `${cli} & cat p > got; wait $!`], { cwd, encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(readFileSync(join(cwd, 'got'), 'utf8')).toMatch(/^env,bits,truth,/);
    expect(lstatSync(join(cwd, 'p')).isFIFO()).toBe(true);
    expect(readdirSync(cwd).sort()).toEqual(['got', 'p']);
  });

  it('--csv /dev/stdout and --csv >(…) keep working', () => {
    const cwd = tempDir('csv-stdout');
    // Spawned: /dev/stdout is the process's own descriptor, which a call in the test's process does not stand in for.
    const r = hexa(['run', ...SHORT, '--csv', '/dev/stdout'], { cwd });
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^env,bits,truth,/);
    const cli = [process.execPath, ...hexaArgv(['run', ...SHORT, '--csv'])].map((a) => `'${a}'`).join(' ');
    const sub = spawnSync('bash', ['-c', `${cli} >(gzip > rows.gz); sleep 0.2`], { cwd, encoding: 'utf8' });
    expect(sub.stderr).toBe('');
    expect(execFileSync('gzip', ['-dc', join(cwd, 'rows.gz')], { encoding: 'utf8' })).toMatch(/^env,bits,truth,/);
    expect(readdirSync(cwd)).toEqual(['rows.gz']);
  });

  it('--library-db through a link writes the file it points to, keeping the link; so does a dangling one', async () => {
    const cwd = tempDir('db-link');
    writeFileSync(join(cwd, 'real.sqlite'), 'old');
    symlinkSync('real.sqlite', join(cwd, 'link.sqlite'));
    symlinkSync('made.sqlite', join(cwd, 'dangling.sqlite'));
    expect((await hexaHere(['run', ...SHORT, '--library-db', 'link.sqlite', '--force'], { cwd })).status).toBe(0);
    expect((await hexaHere(['run', ...SHORT, '--library-db', 'dangling.sqlite'], { cwd })).status).toBe(0);
    expect(kinds(cwd).map((k) => k.replace(/ \d+$/, ''))).toEqual([
      'dangling.sqlite:link',
      'link.sqlite:link',
      'made.sqlite:file',
      'real.sqlite:file',
    ]);
    for (const db of ['real.sqlite', 'made.sqlite'])
      expect(readFileSync(join(cwd, db)).subarray(0, 15).toString()).toBe('SQLite format 3');
  });
});

describe('two outputs, one path', () => {
  const cases: [string, string[], (cwd: string) => void, RegExp][] = [
    [
      '--csv X --library-db X',
      ['run', ...SHORT, '--csv', 'X', '--library-db', 'X'],
      () => undefined,
      /^hexa: --library-db 'X' and --csv 'X' name the same file; give each output its own path$/,
    ],
    [
      '--csv through a link onto --library-db',
      ['run', ...SHORT, '--csv', 'L', '--library-db', 'X', '--force'],
      (cwd) => symlinkSync('X', join(cwd, 'L')),
      /^hexa: --library-db 'X' and --csv 'L' name the same file/,
    ],
    [
      '--csv onto a file the --out folder writes',
      ['run', ...SHORT, '--csv', 'r/runs.csv', '--out', 'r'],
      () => undefined,
      /^hexa: --csv 'r\/runs\.csv' is inside the --out folder 'r', where hexa writes a file of that name/,
    ],
    [
      "--library-db onto a sweep folder's results",
      [...SWEEP, '--out', 's', '--library-db', 's/results.csv'],
      () => undefined,
      /^hexa: --library-db 's\/results\.csv' is inside the --out folder 's'/,
    ],
    [
      '--library-db inside a report folder (reproduce --out)',
      ['reproduce', '--single', '--out', 'rep', '--library-db', 'rep/table.csv'],
      () => undefined,
      /^hexa: --library-db 'rep\/table\.csv' is inside the --out folder 'rep'/,
    ],
  ];
  it.each(cases)('%s: refused before any work, exit 2', async (_, args, setup, line) => {
    const cwd = tempDir('alias');
    setup(cwd);
    const before = kinds(cwd);
    expect(oneLine(await hexaHere(args, { cwd }), 2)).toMatch(line);
    expect(kinds(cwd)).toEqual(before);
  });

  it('a database beside the files of its --out folder is allowed (the manifest names it)', async () => {
    const cwd = tempDir('alias-ok');
    const r = await hexaHere(['run', ...SHORT, '--out', 'r', '--library-db', 'r/lib.sqlite'], { cwd });
    expect(r.stderr).toBe('');
    expect(readdirSync(join(cwd, 'r')).sort()).toEqual(['lib.sqlite', 'manifest.json', 'runs.csv', 'runs.parquet']);
    expect(readdirSync(cwd)).toEqual(['r']);
  });
});

describe('two processes, one output', () => {
  it('while one plan holds an output another is refused; one that checked before it was written, after', () => {
    const cwd = tempDir('claims');
    const at = (name: string): string => join(cwd, name);
    const first = new OutputPlan();
    first.file('csv', at('rows.csv'), false);
    first.database('library-db', at('a/b/lib.sqlite'), false);
    const late = new OutputPlan();
    late.file('csv', at('rows.csv'), false);
    first.claim();
    const second = new OutputPlan();
    second.file('csv', at('rows.csv'), false);
    expect(() => second.claim()).toThrow(UsageError);
    expect(() => second.claim()).toThrow(/--csv: '.*rows\.csv' is being written by pid \d+ on /);
    writeFileSync(at('rows.csv'), 'written by the first\n');
    first.release();
    // `late` checked while the file was not there; claimed now, it finds it written and refuses.
    expect(() => late.claim()).toThrow(/--csv: '.*rows\.csv' already exists \(use --force to replace it\)/);
    expect(readFileSync(at('rows.csv'), 'utf8')).toBe('written by the first\n');
    expect(readdirSync(cwd).sort()).toEqual(['a', 'rows.csv']);
  });

  it('a plan refused a lock removes the folders it made for it', () => {
    const cwd = tempDir('claims-made');
    const first = new OutputPlan();
    first.folder('out', join(cwd, 'x', 'y', 'r'), false);
    first.claim();
    const second = new OutputPlan();
    second.folder('out', join(cwd, 'x', 'y', 'r'), false);
    expect(() => second.claim()).toThrow(/is being written by pid/);
    first.release(false);
    expect(readdirSync(cwd)).toEqual([]);
  });

  it('a second hexa run --out D, --csv F or --library-db F while the first runs: refused, exit 2', async () => {
    const cwd = tempDir('race');
    const long = ['run', '--replicates', '1000000', '--quiet', '--out', 'D', '--csv', 'F', '--library-db', 'G'];
    const child = spawn(process.execPath, hexaArgv(long), { cwd, stdio: 'ignore' });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    for (let waited = 0; waited < 60_000 && !existsSync(join(cwd, '.G.hexa.lock')); waited += 20)
      await new Promise((r) => setTimeout(r, 20));
    try {
      for (const [flag, path] of [
        ['--out', 'D'],
        ['--csv', 'F'],
        ['--library-db', 'G'],
      ] as const) {
        const r = await hexaHere(['run', ...SHORT, flag, path], { cwd });
        expect(oneLine(r, 2)).toMatch(
          new RegExp(`^hexa: ${flag}: '${path}' is being written by pid ${child.pid} on .*; wait for it to finish`),
        );
      }
      const sweep = await hexaHere([...SWEEP, '--out', 'D'], { cwd });
      expect(oneLine(sweep, 2)).toMatch(/^hexa: --out: 'D' is being written by pid/);
      expect(child.exitCode).toBeNull();
    } finally {
      child.kill('SIGKILL');
    }
    await exited;
    // What the killed run left is its own and hexa's to clean: the next run of the same outputs does.
    mkdirSync(join(cwd, 'again'));
    const again = await hexaHere(['run', ...SHORT, '--out', 'D', '--csv', 'F', '--library-db', 'G'], { cwd });
    expect(again.stderr).toBe('');
    expect(readdirSync(cwd).sort()).toEqual(['D', 'F', 'G', 'again']);
  });
});
