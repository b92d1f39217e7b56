/**
 * The command-line conventions users type, through the built CLI: -h and -V, a mistyped command or flag
 * answered with the closest names (each flag in one spelling), `--param` names, completion, `-` for
 * stdout and stdin, progress lines off a terminal, friendly messages for missing positional arguments, and
 * number flags listed as numbers.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hexaArgv, ROOT, tempDir } from './sweep/cli.js';
import { hexaHere } from '../helpers/inProcess.js';

/** The one line a refusal prints, after checking it is one line and the exit status 2. */
async function refusal(args: readonly string[]): Promise<string> {
  const r = await hexaHere(args);
  expect(r.status, r.stderr).toBe(2);
  expect(r.stdout).toBe('');
  expect(r.stderr.trimEnd().split('\n'), r.stderr).toHaveLength(1);
  return r.stderr.trimEnd();
}

describe('help and version', () => {
  it('-h is --help and -V is --version', async () => {
    const short = await hexaHere(['-h']);
    expect(short.status).toBe(0);
    expect(short.stdout).toBe((await hexaHere(['--help'])).stdout);
    expect(short.stdout).toMatch(/^hexa <command> \[flags\]/);
    const version = await hexaHere(['-V']);
    expect(version.status).toBe(0);
    const { version: expected } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    expect(version.stdout.trim()).toBe(expected);
    expect((await hexaHere(['run', '-h'])).stdout).toMatch(/^hexa run\n/);
  });

  it('lists number flags as numbers (a sweep’s lists and ranges as text); run defaults to 200 replicates', async () => {
    const run = (await hexaHere(['run', '--help'])).stdout;
    const line = (text: string, flag: string): string => text.split('\n').find((l) => l.trimStart().startsWith(flag))!;
    expect(line(run, '--rounds')).toMatch(/\[default: 5\]\s+\[number\]$/);
    expect(line(run, '--explore ')).toMatch(/\[number\]$/);
    expect(line(run, '--replicates')).toMatch(/\[default: 200\]\s+\[number\]$/);
    expect(line(run, '--cadence')).toMatch(/\[string\]$/);
    expect(line((await hexaHere(['reproduce', '--help'])).stdout, '--workers')).toMatch(/\[number\]$/);
    expect(line((await hexaHere(['sweep', '--help'])).stdout, '--rounds')).toMatch(/\[string\]$/);
  });

  it('reads a number flag as typed: a fraction, hex or text reaches the one parser, which names it', async () => {
    expect(await refusal(['run', '--seed', '0x10'])).toBe("hexa: --seed: '0x10' is not a whole number");
    expect(await refusal(['run', '--rounds', '2.50'])).toBe("hexa: --rounds: '2.50' is not a whole number");
  });
});

describe('mistyped names', () => {
  it('an unknown command, with the closest one or the list', async () => {
    expect(await refusal(['frobnicate'])).toBe(
      "hexa: unknown command 'frobnicate' (commands: reproduce, run, sweep, merge, envs, check-env, bench, report, " +
        'library, limits, matrix, explorer, completion)',
    );
    expect(await refusal(['rn'])).toBe("hexa: unknown command 'rn' (did you mean run?)");
    expect(await refusal(['reproduse'])).toBe("hexa: unknown command 'reproduse' (did you mean reproduce?)");
  });

  it('an unknown flag, in the spelling typed, with the closest flags of that command', async () => {
    expect(await refusal(['run', '--replicats', '3'])).toBe(
      'hexa: unknown flag --replicats (did you mean --replicates?) (see hexa run --help)',
    );
    expect(await refusal(['run', '--ledger', 'x.csv'])).toBe('hexa: unknown flag --ledger (see hexa run --help)');
    expect(await refusal(['sweep', '--treshold', '0.8', '--frob', '1'])).toBe(
      'hexa: unknown flags --treshold (did you mean --threshold?), --frob (see hexa sweep --help)',
    );
  });

  it("an unknown --param name, with the closest and all the world's names", async () => {
    expect(await refusal(['run', '--param', 'bitz=5'])).toBe(
      'hexa: --param: lock-v1: bitz=5: is not a parameter of lock-v1 (did you mean bits? known: bits, truth)',
    );
  });

  it('missing positional arguments', async () => {
    expect(await refusal(['merge'])).toBe('hexa: merge: name the sweep folders to merge (hexa merge DIR… --out DIR)');
    expect(await refusal(['check-env'])).toBe(
      'hexa: check-env: name at least one world: an environment id (see hexa envs) or an ES module file (.mjs/.js)',
    );
    expect(await refusal(['report'])).toBe('hexa: report: name the result folder to report on (hexa report DIR)');
    expect(await refusal(['library'])).toBe(
      'hexa: library: name the skill database to read (hexa library FILE.sqlite, written by --library-db)',
    );
  });
});

describe('completion', () => {
  it('prints a completion script, whose words come from the commands, their flags and their values', async () => {
    const script = await hexaHere(['completion', 'bash']);
    expect(script.status).toBe(0);
    expect(script.stdout).toContain('###-begin-hexa-completions-###');
    const commands = (await hexaHere(['--get-yargs-completions', 'hexa', 'r'])).stdout.split('\n');
    expect(commands).toEqual(['reproduce', 'run', 'report', '']);
    const flags = (await hexaHere(['--get-yargs-completions', 'hexa', 'run', '--rep'])).stdout.split('\n');
    expect(flags).toEqual(['--replicates', '']);
    expect((await hexaHere(['--get-yargs-completions', 'hexa', 'run', '--cadence', ''])).stdout).toBe('task\nround\n');
  });
});

describe('- for stdout and stdin', () => {
  it('run --csv - prints the CSV, exactly as the file holds it, and nothing else on stdout', async () => {
    const dir = tempDir('stdout');
    const file = join(dir, 'rows.csv');
    expect((await hexaHere(['run', '--replicates', '3', '--csv', file])).status).toBe(0);
    const piped = await hexaHere(['run', '--replicates', '3', '--csv', '-']);
    expect(piped.status, piped.stderr).toBe(0);
    expect(piped.stdout).toBe(readFileSync(file, 'utf8'));
    expect(readdirSync(ROOT)).not.toContain('-');
    expect(await refusal(['run', '--csv', '-', '--json'])).toBe(
      'hexa: --csv - and --json both print to stdout; write one of them to a file',
    );
  });

  it('sweep --config - reads the grid from stdin', () => {
    const dir = tempDir('stdin');
    const r = spawnSync(
      process.execPath,
      hexaArgv(['sweep', '--config', '-', '--out', join(dir, 'grid'), '--quiet', '--workers', '1']),
      { cwd: ROOT, encoding: 'utf8', input: JSON.stringify({ explore: [0, 0.2], replicates: 3 }) },
    );
    expect(r.status, r.stderr).toBe(0);
    const rows = readFileSync(join(dir, 'grid', 'results.csv'), 'utf8')
      .trimEnd()
      .split('\n');
    expect(rows).toHaveLength(1 + 2 * 3 * 5);
  });
});

describe('progress off a terminal', () => {
  const every = { HEXA_PROGRESS_SECONDS: '0.001' };

  it.each<[string, (out: string) => string[], RegExp]>([
    ['run', () => ['run', '--replicates', '400'], /^hexa run: \d+\/400 replicates \(\d+ %\), \d+ s so far$/],
    ['matrix', () => ['matrix', '--replicates', '20'], /^hexa matrix: \d\/9 cells \(\d+ %\), \d+ s so far$/],
    [
      'reproduce (the arms)',
      (out) => ['reproduce', '--env', 'lock-v1', '--replicates', '20', '--out', out],
      /^hexa reproduce: \d+\/8 simulations \(the arms and openers\) \(\d+ %\), \d+ s so far$/,
    ],
  ])('%s prints plain lines on stderr, none with --quiet', async (_name, args, line) => {
    const dir = tempDir('progress');
    const r = await hexaHere(args(join(dir, 'a')), { env: every });
    expect(r.status, r.stderr).toBe(0);
    const lines = r.stderr.trimEnd().split('\n');
    expect(lines.length).toBeGreaterThan(0);
    for (const l of lines) expect(l).toMatch(line);
    const quiet = await hexaHere([...args(join(dir, 'b')), '--quiet'], { env: every });
    expect(quiet.status).toBe(0);
    expect(quiet.stderr).toBe('');
  });
});
