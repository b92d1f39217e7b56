/**
 * The hostile user's table (docs/reliability.md), through the CLI: each case is one class of bad input or fault, with
 * the exit status it must end in (2: refused before work; 1: failed during it), exactly one line on stderr
 * matching what it must say, no stack trace — and, for a refusal, nothing in the working folder changed.
 */
import { lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hexaHere } from '../helpers/inProcess.js';
import { joined } from '../helpers/pattern.js';
import { hexa, ROOT, tempDir } from '../scripts/sweep/cli.js';

const WORLD = join(ROOT, 'test/fixtures/hostile/world.mjs');
const HANGING = join(ROOT, 'test/fixtures/hostile/hanging-world.mjs');
const RANKING = join(ROOT, 'test/fixtures/hostile/throwing-ranking.mjs');
/** What the watchdog says of a world's reset or step that did not return within --step-timeout 1. */
const WATCHDOG =
  /: world 'hostile-lock-v1' reset\(\) or step\(\): did not return within 1 s \(stopped; --step-timeout sets/;
const SHORT = ['--rounds', '1', '--tasks', '2', '--quiet'];
const SWEEP = ['sweep', '--explore', '0,0.1', '--replicates', '2', ...SHORT];
const LONG = 'a'.repeat(300);

interface Case {
  readonly name: string;
  readonly args: readonly string[];
  /** Files, folders and links the case starts from (in its own empty working folder). */
  readonly setup?: (cwd: string) => void;
  readonly status: 1 | 2;
  readonly line: RegExp;
}

/** Everything under `dir`: names, kinds, link targets and file contents, to compare before and after. */
function snapshot(dir: string): string[] {
  const out: string[] = [];
  const walk = (rel: string): void => {
    for (const name of readdirSync(join(dir, rel)).sort()) {
      const path = join(dir, rel, name);
      const s = lstatSync(path);
      if (s.isSymbolicLink()) out.push(`${join(rel, name)} -> ${readlinkSync(path)}`);
      else if (s.isDirectory()) {
        out.push(`${join(rel, name)}/`);
        walk(join(rel, name));
      } else out.push(`${join(rel, name)}: ${readFileSync(path, 'utf8')}`);
    }
  };
  walk('');
  return out;
}

const loop = (cwd: string): void => {
  symlinkSync('loop-b', join(cwd, 'loop-a'));
  symlinkSync('loop-a', join(cwd, 'loop-b'));
};
const foreign = (cwd: string): void => {
  mkdirSync(join(cwd, 'theirs'));
  writeFileSync(join(cwd, 'theirs', 'manifest.json'), '{"tool":"someone else"}\n');
  writeFileSync(join(cwd, 'theirs', 'results.csv'), 'their,data\n');
  writeFileSync(join(cwd, 'theirs', '0123456789abcdef.csv'), 'x\n');
};

const REFUSED: readonly Case[] = [
  {
    name: '--csv onto a symlink loop',
    args: ['run', ...SHORT, '--csv', 'loop-a'],
    setup: loop,
    status: 2,
    line: /^hexa: --csv: 'loop-a' is a loop of symbolic links/,
  },
  {
    name: '--out onto a symlink loop (sweep)',
    args: [...SWEEP, '--out', 'loop-a'],
    setup: loop,
    status: 2,
    line: /^hexa: --out: 'loop-a' is a loop of symbolic links/,
  },
  {
    name: '--out a dangling link',
    args: ['run', ...SHORT, '--out', 'gone'],
    setup: (cwd) => symlinkSync('nowhere/x', join(cwd, 'gone')),
    status: 2,
    line: /^hexa: --out: 'gone' is a symbolic link to 'nowhere\/x', which does not exist/,
  },
  {
    name: '--csv with a 300-character name',
    args: ['run', ...SHORT, '--csv', `${LONG}.csv`],
    status: 2,
    line: /^hexa: --csv: '.*': a name in the path is longer than \d+ bytes/,
  },
  {
    name: '--out with a 300-character name (sweep)',
    args: [...SWEEP, '--out', LONG],
    status: 2,
    line: /^hexa: --out: '.*': a name in the path is longer than \d+ bytes/,
  },
  {
    name: '--csv onto an existing link without --force',
    args: ['run', ...SHORT, '--csv', 'link.csv'],
    setup: (cwd) => {
      writeFileSync(join(cwd, 'real.csv'), 'mine\n');
      symlinkSync('real.csv', join(cwd, 'link.csv'));
    },
    status: 2,
    line: /^hexa: --csv: 'link.csv' already exists \(use --force/,
  },
  {
    name: 'run --out --force on a folder hexa did not make',
    args: ['run', ...SHORT, '--out', 'theirs', '--force'],
    setup: foreign,
    status: 2,
    line: /^hexa: --out: 'theirs' holds files hexa did not make/,
  },
  {
    name: 'sweep --force on a folder hexa did not make',
    args: [...SWEEP, '--out', 'theirs', '--force'],
    setup: foreign,
    status: 2,
    line: /^hexa: --out: 'theirs' holds files hexa did not make/,
  },
  {
    name: '--out / --force',
    args: ['run', ...SHORT, '--out', '/', '--force'],
    status: 2,
    line: /^hexa: --out: '\/' is the root folder; --force never replaces it/,
  },
  {
    name: '--out . --force (the working folder)',
    args: ['run', ...SHORT, '--out', '.', '--force'],
    status: 2,
    line: /^hexa: --out: '\.' is the working folder/,
  },
  {
    name: 'sweep --out .. --force (above the working folder)',
    args: [...SWEEP, '--out', '..', '--force'],
    status: 2,
    line: /^hexa: --out: '\.\.' is a folder above the working folder/,
  },
  {
    name: '--csv - beside --json',
    args: ['run', ...SHORT, '--csv', '-', '--json'],
    status: 2,
    line: /^hexa: --csv - and --json both print to stdout; write one of them to a file$/,
  },
  {
    name: '--good-score above the max score',
    args: ['run', ...SHORT, '--good-score', '99'],
    status: 2,
    line: /^hexa: --good-score: '99' is above 4, the max score of world 'lock-v1'/,
  },
  {
    name: 'sweep --good-score above the max score',
    args: ['sweep', '--good-score', '3,5', ...SHORT, '--out', 'g'],
    status: 2,
    line: /^hexa: --good-score: '5' is above 4/,
  },
  {
    name: 'check-env --param bits=abc',
    args: ['check-env', 'lock-v1', '--param', 'bits=abc'],
    status: 2,
    line: /^hexa: --param: lock-v1: bits=abc: must be an integer$/,
  },
  {
    name: 'a world parameter that is not a number',
    args: ['run', ...SHORT, '--param', 'bits=abc'],
    status: 2,
    line: /^hexa: --bits: lock-v1: bits=abc/,
  },
  {
    name: 'report of a folder that is not there',
    args: ['report', 'missing'],
    status: 2,
    line: /^hexa: DIR: 'missing' is not a result folder/,
  },
  {
    name: '--step-timeout that is not a number',
    args: ['run', ...SHORT, '--step-timeout', 'soon'],
    status: 2,
    line: /^hexa: --step-timeout: 'soon' is not a number/,
  },
];

/** Plugin code misbehaving at run time: one line naming the module, the hook and what happened, exit 1. */
const PLUGIN: readonly Case[] = [
  ...(
    [
      ['nan', /stepWord\(\): returned score NaN, not an integer in 0 … 4 \(replicate 0, round 1, task 1\)$/],
      ['negative', /stepWord\(\): returned score -1, not an integer/],
      ['above', /stepWord\(\): returned score 5, not an integer in 0 … 4/],
      ['fraction', /stepWord\(\): returned score 1\.5, not an integer/],
      ['solved-text', /stepWord\(\): returned solved 'yes', not true or false/],
      ['solved-zero', /stepWord\(\): returned solved 0, not true or false/],
      ['not-object', /stepWord\(\): returned undefined, not a feedback object/],
      ['throw', /stepWord\(\): threw Error: the world broke/],
      ['throw-reset', /reset\(\): threw Error: reset broke/],
      ['throw-create', /create\(\): threw Error: create broke$/],
    ] as const
  ).map(([fault, line]) => ({
    name: `a world whose feedback turns ${fault} at run time`,
    args: ['run', '--env', WORLD, '--param', `fault=${fault}`, ...SHORT],
    status: 1 as const,
    line: new RegExp(`^hexa: ${WORLD.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}: world 'hostile-lock-v1' ${line.source}`),
  })),
  {
    name: 'a world whose step() never returns (watchdog)',
    args: ['run', '--env', WORLD, '--param', 'fault=hang', '--step-timeout', '1', ...SHORT],
    status: 1,
    line: WATCHDOG,
  },
  // Late faults: thousands of quick steps first, so the word loop beats the heartbeat in its longest runs.
  // Every feedback fault after 3000 steps too: the loop has been compiled for small integer scores and boolean
  // `solved` by then, and its check must still see what they turn into.
  ...(
    [
      ['nan', /returned score NaN, not an integer in 0 … 4/],
      ['negative', /returned score -1, not an integer in 0 … 4/],
      ['above', /returned score 5, not an integer in 0 … 4/],
      ['fraction', /returned score 1\.5, not an integer in 0 … 4/],
      ['solved-text', /returned solved 'yes', not true or false/],
      ['solved-zero', /returned solved 0, not true or false/],
      ['not-object', /returned undefined, not a feedback object \{score, solved\}/],
    ] as const
  ).map(([fault, line]) => ({
    name: `a world whose feedback turns ${fault} after 3000 steps`,
    args: ['run', '--env', WORLD, '--param', `fault=${fault}`, '--param', 'after=3000', '--rounds', '20', '--quiet'],
    status: 1 as const,
    line: new RegExp(`: world 'hostile-lock-v1' stepWord\\(\\): ${line.source} \\(replicate 0, round `),
  })),
  ...(['hang', 'hang-reset'] as const).map((fault) => ({
    name: `a world whose ${fault === 'hang' ? 'step()' : 'reset()'} stops returning after 3000 steps (watchdog)`,
    args: [
      'run',
      '--env',
      WORLD,
      '--param',
      `fault=${fault}`,
      '--param',
      'after=3000',
      '--step-timeout',
      '1',
      '--rounds',
      '20',
      '--quiet',
    ],
    status: 1 as const,
    line: WATCHDOG,
  })),
  {
    name: 'a world that hangs while check-env looks',
    // Whichever check the limit stops, the line is the same; the world's hang burns a quarter of a second, not one.
    args: ['run', '--env', HANGING, '--step-timeout', '0.25', ...SHORT],
    status: 2,
    line: joined(
      /^hexa: --env: '.*hanging-world\.mjs': world 'hanging-lock-v1' /,
      /fails check '.*': did not finish within 0\.25 s/,
    ),
  },
  {
    name: 'a ranking that throws in hexa run',
    args: ['run', '--ranking', RANKING, '--rounds', '2', '--tasks', '10', '--quiet'],
    status: 1,
    line: /throwing-ranking\.mjs: ranking 'throws' compare\(\): threw TypeError: cannot rank these/,
  },
  {
    name: 'a ranking that throws in hexa matrix',
    args: ['matrix', '--ranking', RANKING, '--replicates', '1', '--rounds', '2', '--tasks', '10', '--quiet'],
    status: 1,
    line: /throwing-ranking\.mjs: ranking 'throws' compare\(\): threw TypeError: cannot rank these/,
  },
];

function expectOneLine(r: { status: number | null; stderr: string }, c: Case): void {
  const lines = r.stderr.split('\n').filter((l) => l !== '');
  expect(lines, r.stderr).toHaveLength(1);
  expect(lines[0]).toMatch(c.line);
  expect(r.stderr).not.toMatch(/\n\s+at /);
  expect(r.status).toBe(c.status);
}

describe('bad input is refused in one line, exit 2, nothing written', () => {
  it.each(REFUSED.map((c) => [c.name, c] as const))('%s', async (_, c) => {
    const cwd = tempDir('hostile');
    c.setup?.(cwd);
    const before = snapshot(cwd);
    const r = await hexaHere(c.args, { cwd, env: { HOME: join(cwd, 'no-home') } });
    expectOneLine(r, c);
    expect(snapshot(cwd)).toEqual(before);
  });
});

describe('plugins that misbehave at run time end in one line naming the module and the hook, exit 1', () => {
  it.each(PLUGIN.map((c) => [c.name, c] as const))('%s', (_, c) => {
    const cwd = tempDir('plugin');
    expectOneLine(hexa(c.args, { cwd }), c);
  });

  it('--debug adds the stack', () => {
    const r = hexa(['run', '--env', WORLD, '--param', 'fault=throw', ...SHORT, '--debug'], { cwd: tempDir('debug') });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/^hexa: .*stepWord\(\): threw Error: the world broke/);
    expect(r.stderr).toMatch(/\n\s+at /);
  });

  it('in a sweep, a cell whose world misbehaves is a failed cell; the others finish', () => {
    const cwd = tempDir('sweep-plugin');
    const r = hexa(
      ['sweep', '--env', WORLD, '--param', 'fault=none,nan', '--replicates', '2', ...SHORT, '--out', 's'],
      {
        cwd,
      },
    );
    expect(r.status).toBe(1);
    const manifest = JSON.parse(readFileSync(join(cwd, 's', 'manifest.json'), 'utf8')) as {
      status: string;
      cells: { done?: number; failed?: number } | unknown;
    };
    expect(manifest.status).toBe('failed');
    const cells = readdirSync(join(cwd, 's', 'cells'));
    expect(cells.filter((n) => n.endsWith('.csv'))).toHaveLength(1);
    expect(cells.filter((n) => n.endsWith('.failed'))).toHaveLength(1);
    const failed = cells.find((n) => n.endsWith('.failed'))!;
    expect(readFileSync(join(cwd, 's', 'cells', failed), 'utf8')).toMatch(/returned score NaN/);
  });
});

describe('outputs never replace what is not ours', () => {
  it('--csv through a link writes the file it points to and keeps the link', async () => {
    const cwd = tempDir('through');
    writeFileSync(join(cwd, 'real.csv'), 'mine\n');
    symlinkSync('real.csv', join(cwd, 'link.csv'));
    const r = await hexaHere(['run', ...SHORT, '--csv', 'link.csv', '--force'], { cwd });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(lstatSync(join(cwd, 'link.csv')).isSymbolicLink()).toBe(true);
    expect(readFileSync(join(cwd, 'real.csv'), 'utf8')).toMatch(/^env,bits,/);
  });

  it('--csv - writes the rows on stdout, and nothing else there', () => {
    const cwd = tempDir('dash');
    // Spawned: what the process's own stdout holds is what is tested.
    const r = hexa(['run', '--rounds', '1', '--tasks', '2', '--replicates', '3', '--csv', '-'], { cwd });
    expect(r.status).toBe(0);
    expect(r.stdout.split('\n')[0]).toMatch(/^env,bits,truth,/);
    // The header, then one row a replicate × round.
    expect(r.stdout.trim().split('\n')).toHaveLength(4);
    expect(readdirSync(cwd)).toEqual([]);
  });

  it('--force replaces a folder hexa made, and an empty one', async () => {
    const cwd = tempDir('own');
    expect((await hexaHere(['run', ...SHORT, '--out', 'r'], { cwd })).status).toBe(0);
    const again = await hexaHere(['run', ...SHORT, '--out', 'r', '--force', '--seed', '2'], { cwd });
    expect(again.stderr).toBe('');
    expect(again.status).toBe(0);
    mkdirSync(join(cwd, 'empty'));
    expect((await hexaHere(['run', ...SHORT, '--out', 'empty', '--force'], { cwd })).status).toBe(0);
    expect(readdirSync(join(cwd, 'empty')).sort()).toEqual(['manifest.json', 'runs.csv', 'runs.parquet']);
    // No temporary folder is left beside them.
    expect(readdirSync(cwd).sort()).toEqual(['empty', 'r']);
  });
});
