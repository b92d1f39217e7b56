/**
 * Interrupted writers (docs/reliability.md): a signal ends a command in one line with nothing half-written left
 * (its temporaries removed, its locks released); what a kill -9 leaves — which no process can clean up after
 * itself — is hexa's to replace or clean on the next run of the same output; a fault after a sweep began leaves
 * its manifest "failed", never "running". (A disk that fills under --library-db in a sweep: diskFull.test.ts.)
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hexaArgv, tempDir } from '../scripts/sweep/cli.js';
import { hexaHere } from '../helpers/inProcess.js';

const SHORT = ['--rounds', '1', '--tasks', '2', '--quiet'];

/** Every name under `dir`, hidden ones too, as relative paths. */
function tree(dir: string, rel = ''): string[] {
  return readdirSync(join(dir, rel))
    .sort()
    .flatMap((n) => {
      const path = join(rel, n);
      return statSync(join(dir, path)).isDirectory() ? [`${path}/`, ...tree(dir, path)] : [path];
    });
}

async function until(test: () => boolean): Promise<void> {
  for (let waited = 0; waited < 60_000 && !test(); waited += 20) await new Promise((r) => setTimeout(r, 20));
}

/** A pid no process has (one that has just ended). */
const deadPid = (): number =>
  Number(spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout);

const lockOf = (pid: number): string =>
  `${JSON.stringify({ pid, host: hostname(), since: '2026-01-01T00:00:00.000Z', argv: ['hexa', 'merge'] })}\n`;

describe('interrupted writers', () => {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`${signal} to hexa run --out r --library-db r.sqlite: one line, exit 128 + n, nothing left`, async () => {
      const cwd = tempDir('signal');
      const args = [
        'run',
        '--replicates',
        '1000000',
        '--quiet',
        '--out',
        'r',
        '--library-db',
        'r.sqlite',
        '--csv',
        'c',
      ];
      const child = spawn(process.execPath, hexaArgv(args), { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
      let stderr = '';
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      // The database's scratch file exists once replicates are being recorded.
      await until(() => readdirSync(cwd).some((n) => n.startsWith('r.sqlite.work-')));
      child.kill(signal);
      expect(await exited).toBe(signal === 'SIGINT' ? 130 : 143);
      expect(stderr).toBe(`hexa: stopped by ${signal}; nothing half-written was left behind\n`);
      expect(readdirSync(cwd)).toEqual([]);
    });
  }

  it('kill -9 during merge: the next merge --force replaces what it left (its lock says it is hexa’s)', async () => {
    const cwd = tempDir('merge-kill');
    for (const s of ['0', '1'])
      expect(
        (
          await hexaHere(
            ['sweep', '--explore', '0,0.1,0.2', '--replicates', '2', ...SHORT, '--shard', `${s}/2`, '--out', `s${s}`],
            { cwd },
          )
        ).status,
      ).toBe(0);
    // What a merge killed half-way leaves: its locks (inside and beside), cells copied, results half-written,
    // no manifest.
    const dead = deadPid();
    mkdirSync(join(cwd, 'm', 'cells'), { recursive: true });
    writeFileSync(join(cwd, 'm', '.hexa.lock'), lockOf(dead));
    writeFileSync(join(cwd, '.m.hexa.lock'), lockOf(dead));
    writeFileSync(join(cwd, 'm', `results.csv.tmp-${dead}`), 'env,bits\nlock-v1,4\n');
    writeFileSync(join(cwd, 'm', 'cells', '0123456789abcdef.csv'), 'half a cell');
    const plain = await hexaHere(['merge', 's0', 's1', '--out', 'm'], { cwd });
    expect(plain.status).toBe(2);
    expect(plain.stderr).toMatch(/^hexa: --out: 'm' already exists \(use --force to replace it\)\n$/);
    expect((await hexaHere(['merge', 's0', 's1', '--out', 'clean', '--quiet'], { cwd })).status).toBe(0);
    const forced = await hexaHere(['merge', 's0', 's1', '--out', 'm', '--force', '--quiet'], { cwd });
    expect(forced.stderr).toBe('');
    expect(forced.status).toBe(0);
    expect(tree(join(cwd, 'm'))).toEqual(tree(join(cwd, 'clean')));
    expect(readdirSync(cwd).sort()).toEqual(['clean', 'm', 's0', 's1']);
    const manifest = JSON.parse(readFileSync(join(cwd, 'm', 'manifest.json'), 'utf8')) as { status: string };
    expect(manifest.status).toBe('done');
  });

  it('kill -9 of a run: the next run of the same outputs removes the scratch and staging files it left', async () => {
    const cwd = tempDir('run-kill');
    const dead = deadPid();
    mkdirSync(join(cwd, `r.tmp-${dead}`));
    writeFileSync(join(cwd, `r.tmp-${dead}`, 'runs.csv'), 'half');
    writeFileSync(join(cwd, `db.sqlite.work-${dead}`), 'scratch');
    writeFileSync(join(cwd, `db.sqlite.work-${dead}-journal`), 'journal');
    writeFileSync(join(cwd, `c.csv.tmp-${dead}`), 'half');
    writeFileSync(join(cwd, '.r.hexa.lock'), lockOf(dead));
    const r = await hexaHere(
      ['run', '--replicates', '2', ...SHORT, '--out', 'r', '--library-db', 'db.sqlite', '--csv', 'c.csv'],
      {
        cwd,
      },
    );
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(readdirSync(cwd).sort()).toEqual(['c.csv', 'db.sqlite', 'r']);
  });

  it('a sweep stopped by a signal says what it kept in one line, its manifest "stopped"', async () => {
    const cwd = tempDir('sweep-signal');
    // Five cells, slow enough that one is finished while others run; the resume then runs the rest.
    const args = ['sweep', '--explore', '0:0.2:0.05', '--tasks', '40', '--replicates', '1500', '--workers', '1'];
    const child = spawn(process.execPath, hexaArgv([...args, '--quiet', '--out', 's']), {
      cwd,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    await until(() => existsSync(join(cwd, 's', 'cells')) && readdirSync(join(cwd, 's', 'cells')).length >= 1);
    child.kill('SIGTERM');
    expect(await exited).toBe(143);
    // The line gives the command that finishes it, exactly: the one given, with --resume (npx hexa: this CLI is
    // not the hexa on the PATH).
    const resume =
      'npx hexa sweep --explore 0:0.2:0.05 --tasks 40 --replicates 1500 --workers 1 --quiet --out s --resume';
    expect(stderr).toMatch(
      new RegExp(
        String.raw`^hexa: stopped by SIGTERM; sweep 's': \d+ of 5 cells are finished and kept, the manifest says ` +
          `"stopped"; to finish it, run ${resume}\n$`,
      ),
    );
    expect(readdirSync(cwd)).toEqual(['s']);
    const resumed = await hexaHere(resume.split(' ').slice(2), { cwd });
    expect(resumed.status, resumed.stderr).toBe(0);
    expect(JSON.parse(readFileSync(join(cwd, 's', 'manifest.json'), 'utf8')).status).toBe('done');
  });
});
