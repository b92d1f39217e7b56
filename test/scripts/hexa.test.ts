import { mkdtempSync, readFileSync, readdirSync, writeFileSync, existsSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { allEnvs } from '../../sim/agent/moduleStore.js';
import { hexaHere } from '../helpers/inProcess.js';

const tmp = (): string => mkdtempSync(join(tmpdir(), 'hexa-cli-'));

describe('hexa run', () => {
  it('--json prints {config, rounds[...]} with the documented fields', async () => {
    const r = await hexaHere(['run', '--replicates', '5', '--json']);
    expect(r.status).toBe(0);
    const doc = JSON.parse(r.stdout) as {
      config: { env: string; replicates: number };
      rounds: Record<string, unknown>[];
    };
    expect(doc.config.env).toBe('lock-v1');
    expect(doc.config.replicates).toBe(5);
    expect(doc.rounds).toHaveLength(5);
    for (const round of doc.rounds) {
      for (const key of [
        'round',
        'meanAttempts',
        'ci95',
        'solveRate',
        'skills',
        'tests',
        'refutations',
        'refutationRate',
      ])
        expect(round).toHaveProperty(key);
      expect((round.ci95 as number[])[0]).toBeLessThanOrEqual(round.meanAttempts as number);
    }
  });

  it('writes tidy CSV and a result folder, identical across runs', async () => {
    const dir = tmp();
    const a = await hexaHere([
      'run',
      '--replicates',
      '4',
      '--seed',
      '9',
      '--csv',
      join(dir, 'a.csv'),
      '--out',
      join(dir, 'res'),
    ]);
    expect(a.status).toBe(0);
    const b = await hexaHere(['run', '--replicates', '4', '--seed', '9', '--csv', join(dir, 'b.csv')]);
    expect(b.status).toBe(0);
    const csv = readFileSync(join(dir, 'a.csv'), 'utf8');
    expect(readFileSync(join(dir, 'b.csv'), 'utf8')).toBe(csv);
    expect(readFileSync(join(dir, 'res', 'runs.csv'), 'utf8')).toBe(csv);
    const lines = csv.trim().split('\n');
    expect(lines).toHaveLength(1 + 4 * 5);
    expect(lines[0]).toMatch(/^env,bits,truth,rounds,tasks,cap,seed,library,.*,replicate,round,attempts,meanAttempts/);
    const manifest = JSON.parse(readFileSync(join(dir, 'res', 'manifest.json'), 'utf8')) as {
      kind: string;
      seed: number;
    };
    expect(manifest.kind).toBe('run');
    expect(manifest.seed).toBe(9);
  });

  it('prints the exact value beside the random control', async () => {
    const r = await hexaHere(['run', '--no-library', '--replicates', '20']);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('11.599');
    expect(r.stdout).toContain('no library (random control)');
  });
});

describe('bad input: one line on stderr naming the flag, exit 2, nothing written', () => {
  const cases: [string, string[], RegExp][] = [
    ['unknown flag value', ['run', '--cadence', 'weekly'], /--cadence: 'weekly' is not one of task, round/],
    ['rate above 1', ['run', '--explore', '1.5'], /--explore: '1.5' is not a rate in \[0, 1\]/],
    ['negative rate', ['run', '--explore', '-0.1'], /--explore/],
    ['threshold 0', ['run', '--threshold', '0'], /--threshold: '0' must lie in \(0, 1\]/],
    ['non-integer', ['run', '--rounds', '2.5'], /--rounds: '2.5' is not a whole number/],
    ['not a number', ['run', '--replicates', 'many'], /--replicates: 'many'/],
    ['zero tasks', ['run', '--tasks', '0'], /--tasks: '0' is below the minimum 1/],
    ['unknown env', ['run', '--env', 'safe-v9'], /--env: 'safe-v9' is not a registered environment/],
    ['truth alphabet', ['run', '--truth', '10x1'], /--truth: .*must be a string of 0 and 1/],
    ['truth length', ['run', '--bits', '5', '--truth', '1011'], /--truth: .*has 4 bits but bits=5/],
    ['unknown flag', ['run', '--explor', '0.2'], /unknown flag --explor/],
    ['unknown command', ['runn'], /unknown command 'runn'/],
    ['repeated flag', ['run', '--seed', '1', '--seed', '2'], /--seed was given more than once/],
    ['missing value', ['run', '--seed'], /--seed/],
    ['unknown env param', ['run', '--param', 'colour=3'], /--param: .*colour/],
    ['malformed env param', ['run', '--param', 'colour'], /--param: 'colour' is not of the form name=value/],
  ];
  it.each(cases)('%s', async (_name, args, pattern) => {
    const dir = tmp();
    const r = await hexaHere([...args, '--csv', join(dir, 'x.csv')]);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    const lines = r.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(pattern);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('refuses an existing output file and keeps it intact', async () => {
    const dir = tmp();
    const file = join(dir, 'keep.csv');
    writeFileSync(file, 'precious\n');
    const r = await hexaHere(['run', '--csv', file]);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/--csv: .*keep\.csv' already exists \(use --force to replace it\)/);
    expect(readFileSync(file, 'utf8')).toBe('precious\n');
    expect((await hexaHere(['run', '--csv', file, '--force'])).status).toBe(0);
    expect(readFileSync(file, 'utf8')).toMatch(/^env,/);
  });

  it('refuses an output through a file or in an unwritable folder (missing folders are made)', async () => {
    const dir = tmp();
    const locked = join(dir, 'locked');
    writeFileSync(join(dir, 'f'), '');
    expect((await hexaHere(['run', '--csv', join(dir, 'f', 'such', 'x.csv')])).stderr).toMatch(
      /--csv: .*'.*f' is not a folder/,
    );
    expect(existsSync(join(dir, 'f'))).toBe(true);
    const r = await hexaHere(['run', '--out', join(dir, 'f', 'sub')]);
    expect(r.status).toBe(2);
    if (process.getuid?.() !== 0) {
      // root can write anywhere; the permission case only means something for other users.
      chmodSync(dir, 0o500);
      expect((await hexaHere(['run', '--csv', join(dir, 'y.csv')])).status).toBe(2);
      chmodSync(dir, 0o700);
    }
    expect(existsSync(locked)).toBe(false);
  });
});

describe('hexa envs and help', () => {
  it('lists lock-v1 with its parameters and defaults', async () => {
    const r = await hexaHere(['envs']);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/lock-v1/);
    expect(r.stdout).toMatch(/bits/);
    expect(r.stdout).toMatch(/truth/);
    // Every registered environment, with every parameter.
    for (const spec of allEnvs()) {
      expect(r.stdout).toContain(`${spec.id}  `);
      for (const p of spec.params) expect(r.stdout).toContain(`    ${p.name} `);
    }
  });

  it('--help lists the commands and examples', async () => {
    const r = await hexaHere(['--help']);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/hexa run/);
    expect(r.stdout).toMatch(/Examples:/);
  });
});
