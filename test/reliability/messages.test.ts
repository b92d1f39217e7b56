/**
 * Messages that mislead (docs/reliability.md): each of these once gave a line that was untrue or pointed the
 * wrong way — "unknown flag -0" for a value, one of two settings of a parameter picked silently, a YAML error over
 * three lines, "mkdir … EEXIST", "no readable manifest.json" for a shard still running, a refusal suggesting the
 * --force that was given. Each is now one true line, exit 2, nothing written.
 */
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { joinDashValues } from '../../scripts/config/flags.js';
import { tempDir } from '../scripts/sweep/cli.js';
import { hexaHere } from '../helpers/inProcess.js';

const SHORT = ['--rounds', '1', '--tasks', '2', '--replicates', '2', '--quiet'];

function oneLine(r: { status: number | null; stderr: string }, status: number): string {
  const lines = r.stderr.split('\n').filter((l) => l !== '');
  expect(lines, r.stderr).toHaveLength(1);
  expect(r.stderr).not.toMatch(/\n\s+at /);
  expect(r.status).toBe(status);
  return lines[0]!;
}

/** A sweep shard folder of 2 cells, its manifest edited by `edit`. */
async function shard(cwd: string, name: string, edit: (doc: Record<string, unknown>) => void): Promise<void> {
  expect(
    (
      await hexaHere(['sweep', '--explore', '0,0.1', ...SHORT, '--shard', '0/2', '--keep-cells', '--out', name], {
        cwd,
      })
    ).status,
  ).toBe(0);
  const path = join(cwd, name, 'manifest.json');
  const doc = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  edit(doc);
  writeFileSync(path, JSON.stringify(doc));
}

describe('negative-looking values reach their flag', () => {
  it('joins --flag -0,0 and --flag -1/3 (and --flag -) into one argument; flags stay flags', () => {
    expect(joinDashValues(['sweep', '--explore', '-0,0', '--shard', '-1/3', '--csv', '-', '--quiet'])).toEqual([
      'sweep',
      '--explore=-0,0',
      '--shard=-1/3',
      '--csv=-',
      '--quiet',
    ]);
    expect(joinDashValues(['run', '--seed', '-.5', '--json', '-h'])).toEqual(['run', '--seed=-.5', '--json', '-h']);
  });
});

describe('messages that mislead, now one true line each', () => {
  const cases: [string, string[], (cwd: string) => void, RegExp][] = [
    [
      '--explore -0,0',
      ['sweep', '--explore', '-0,0', ...SHORT, '--out', 's'],
      () => undefined,
      /^hexa: two grid points are the same cell after resolving defaults: \{"explore":"-0"\} and \{"explore":"0"\}$/,
    ],
    [
      '--shard -1/3',
      ['sweep', '--explore', '0,0.1', ...SHORT, '--shard', '-1/3', '--out', 's'],
      () => undefined,
      /^hexa: --shard: '-1\/3' is not i\/n with 0 ≤ i < n/,
    ],
    ['--seed -1', ['run', ...SHORT, '--seed', '-1'], () => undefined, /^hexa: --seed: '-1' is below the minimum 0$/],
    [
      '--bits 6 --param bits=4',
      ['run', ...SHORT, '--bits', '6', '--param', 'bits=4'],
      () => undefined,
      /^hexa: --bits '6' and --param 'bits=4' both set the world's bits; give one of them$/,
    ],
    [
      '--param bits=6 --param bits=4',
      ['run', ...SHORT, '--param', 'bits=6', '--param', 'bits=4'],
      () => undefined,
      /^hexa: --param: 'bits=6' and 'bits=4' both set the world's bits; give one of them$/,
    ],
    [
      'a sweep file setting bits twice',
      ['sweep', '--config', 'c.json', ...SHORT, '--out', 's'],
      (cwd) => writeFileSync(join(cwd, 'c.json'), '{"bits": 6, "params": {"bits": 4}}'),
      /^hexa: --bits '6' and --param 'bits=4' both set the world's bits/,
    ],
    [
      'a YAML config',
      ['sweep', '--config', 'c.yaml', ...SHORT, '--out', 's'],
      (cwd) => writeFileSync(join(cwd, 'c.yaml'), 'explore:\n  - 0\n  - 0.1\n'),
      /^hexa: --config: 'c\.yaml': not valid JSON: it starts with 'explore:', not a JSON value \(YAML is not read\)$/,
    ],
    [
      '--out FILE --force (no suggestion of --force)',
      ['run', ...SHORT, '--out', 'f', '--force'],
      (cwd) => writeFileSync(join(cwd, 'f'), 'mine\n'),
      /^hexa: --out: 'f' is a file, not a folder; name a folder \(hexa never replaces a file with one\)$/,
    ],
    [
      'sweep --out FILE --force',
      ['sweep', '--explore', '0,0.1', ...SHORT, '--out', 'f', '--force'],
      (cwd) => writeFileSync(join(cwd, 'f'), 'mine\n'),
      /^hexa: --out: 'f' is a file, not a folder/,
    ],
  ];
  it.each(cases)('%s', async (_, args, setup, line) => {
    const cwd = tempDir('mislead');
    setup(cwd);
    const before = readdirSync(cwd).sort();
    expect(oneLine(await hexaHere(args, { cwd }), 2)).toMatch(line);
    expect(readdirSync(cwd).sort()).toEqual(before);
  });

  it('--resume where cells is a file (not "mkdir … EEXIST")', async () => {
    const cwd = tempDir('mislead-cells');
    await shard(cwd, 's', (doc) => (doc.status = 'stopped'));
    rmSync(join(cwd, 's', 'cells'), { recursive: true });
    writeFileSync(join(cwd, 's', 'cells'), 'not a folder\n');
    const args = ['sweep', '--explore', '0,0.1', ...SHORT, '--shard', '0/2', '--out', 's', '--resume'];
    expect(oneLine(await hexaHere(args, { cwd }), 2)).toBe(
      "hexa: --resume: 's': its cells/ is not a folder (changed by hand?), so the sweep cannot go on there; move it " +
        'away, or start again with --force',
    );
  });

  it('a merge of a shard still running, or left running by a dead writer (not "no readable manifest")', async () => {
    const cwd = tempDir('mislead-merge');
    await shard(cwd, 'live', (doc) => (doc.status = 'running'));
    // Held by a live process of this host (this one), as a sweep in progress holds it.
    const lock = { pid: process.pid, host: hostname(), since: '2026-01-01T00:00:00.000Z', argv: ['hexa', 'sweep'] };
    writeFileSync(join(cwd, 'live', '.hexa.lock'), JSON.stringify(lock));
    expect(oneLine(await hexaHere(['merge', 'live', '--out', 'm'], { cwd }), 2)).toMatch(
      new RegExp(
        `^hexa: merge: 'live' is still being swept, by pid ${process.pid} on .*; merge it once that sweep is done$`,
      ),
    );
    await shard(cwd, 'gone', (doc) => (doc.status = 'running'));
    expect(oneLine(await hexaHere(['merge', 'gone', '--out', 'm'], { cwd }), 2)).toBe(
      `hexa: merge: 'gone' was left unfinished (its manifest says "running", and no process is writing it); finish ` +
        'it with hexa sweep … --resume, then merge',
    );
    expect(readdirSync(cwd).sort()).toEqual(['gone', 'live']);
  });
});
