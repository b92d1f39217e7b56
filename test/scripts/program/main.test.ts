/**
 * The command line's run apart from its entry (scripts/program/main.ts), as the tests run it in their own process
 * (test/helpers/inProcess.ts): the same status and bytes as the CLI in a process of its own, for each way a call
 * ends — a refusal from yargs or from a command, help, the version, completion words, a run that printed or
 * wrote, an exit status set by a command — and nothing left behind in the test's process.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type CliResult, hexa, tempDir } from '../../helpers/cli.js';
import { hexaHere } from '../../helpers/inProcess.js';

/** Calls whose answer is the same in any working folder, each ending a different way. */
const CALLS: readonly (readonly string[])[] = [
  [],
  ['--help'],
  ['run', '--help'],
  ['--version'],
  ['runn'],
  ['run', '--explor', '0.2'],
  ['run', '--seed', '1', '--seed', '2'],
  ['run', '--replicates', 'many'],
  ['run', '--truth', '10x1'],
  ['run', '--debug', '--rounds', '2.5'],
  ['--get-yargs-completions', 'hexa', 'ru'],
  ['envs'],
  ['limits', '--bits', '3'],
  ['run', '--replicates', '3', '--rounds', '2', '--seed', '5', '--json'],
  ['run', '--replicates', '3', '--rounds', '2', '--csv', '-'],
  ['merge'],
  ['report', 'no/such/folder'],
];

describe('a call in the test process answers as the CLI in its own', () => {
  it.each(CALLS.map((args) => [args.join(' ') || '(nothing)', args] as const))('hexa %s', async (_name, args) => {
    const here = await hexaHere(args);
    expect(here).toEqual(hexa(args));
  });

  it('writes the same files, and refuses the second write as the CLI does', async () => {
    const dir = tempDir('main');
    const args = (sub: string): string[] => ['run', '--replicates', '2', '--seed', '3', '--out', join(dir, sub)];
    const [here, there] = [await hexaHere(args('here')), hexa(args('there'))];
    expect(here).toEqual(there);
    expect(here.status).toBe(0);
    const manifest = (sub: string): string =>
      readFileSync(join(dir, sub, 'manifest.json'), 'utf8')
        .replaceAll(sub, 'X')
        .replace(/"(\w*[Aa]t|wall\w*)": [^,\n]*/g, '');
    expect(readdirSync(join(dir, 'here'))).toEqual(readdirSync(join(dir, 'there')));
    expect(manifest('here')).toBe(manifest('there'));
    const [again, refused] = [await hexaHere(args('here')), hexa(args('there'))];
    expect(again.status).toBe(2);
    expect({ ...again, stderr: again.stderr.replace('here', 'X') }).toEqual({
      ...refused,
      stderr: refused.stderr.replace('there', 'X'),
    });
  });

  it('ends a sweep whose cells fail with the exit status the command set, and the same folder', async () => {
    const dir = tempDir('main-fail');
    const sweep = ['sweep', '--explore', '0,0.2', '--replicates', '3', '--tasks', '6', '--workers', '2', '--quiet'];
    const env = { HEXA_SWEEP_FAIL_WHEN: 'explore=0.2' };
    const here = await hexaHere([...sweep, '--out', 'here'], { cwd: dir, env });
    const there = hexa([...sweep, '--out', 'there'], { cwd: dir, env });
    // The summary names the folder and the time taken.
    const same = (r: CliResult, sub: string): CliResult => ({
      ...r,
      stderr: r.stderr.replace(/ in [\d.]+ s → .*\/(here|there)\n/, ` in … → ${sub}\n`).replace(sub, 'X'),
    });
    expect(here.status).toBe(1);
    expect(same(here, 'here')).toEqual(same(there, 'there'));
    const rows = (sub: string): string => readFileSync(join(dir, sub, 'results.csv'), 'utf8');
    expect(rows('here')).toBe(rows('there'));
  });

  it('runs in the working folder and environment given, and leaves the test process as it was', async () => {
    const dir = tempDir('main-cwd');
    mkdirSync(join(dir, 'sub'));
    const before = {
      cwd: process.cwd(),
      exitCode: process.exitCode,
      env: { ...process.env },
      listeners: ['exit', 'SIGINT', 'SIGTERM'].map((e) => process.listenerCount(e)),
      resources: process.getActiveResourcesInfo().sort(),
    };
    const r = await hexaHere(['run', '--replicates', '2', '--csv', 'rel.csv'], {
      cwd: join(dir, 'sub'),
      env: { X: '1' },
    });
    expect(r.status).toBe(0);
    expect(existsSync(join(dir, 'sub', 'rel.csv'))).toBe(true);
    expect((await hexaHere(['run', '--csv', 'rel.csv'], { cwd: join(dir, 'sub') })).status).toBe(2);
    expect({
      cwd: process.cwd(),
      exitCode: process.exitCode,
      env: { ...process.env },
      listeners: ['exit', 'SIGINT', 'SIGTERM'].map((e) => process.listenerCount(e)),
      resources: process.getActiveResourcesInfo().sort(),
    }).toEqual(before);
  });

  it('refuses a call that reads stdin or names a descriptor of its process: those spawn', async () => {
    await expect(hexaHere(['sweep', '--config', '-'])).rejects.toThrow(/reads stdin.*use hexa\(\)/);
    await expect(hexaHere(['run', '--csv', '/dev/stdout'])).rejects.toThrow(/dev\/stdout.*use hexa\(\)/);
  });

  it('refuses a call that registers a world, which would outlive it: that one spawns', async () => {
    const dir = tempDir('main-env');
    const world = join(dir, 'w.mjs');
    writeFileSync(world, readFileSync('docs/examples/lock-world.mjs', 'utf8'));
    await expect(hexaHere(['run', '--env', world, '--replicates', '1', '--rounds', '1'])).rejects.toThrow(
      /use hexa\(\)/,
    );
  });
});
