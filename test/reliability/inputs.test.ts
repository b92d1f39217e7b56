/**
 * Inputs without a bound (docs/reliability.md): every file given as input goes through one reader
 * (scripts/config/input.ts) that caps its size while reading and its depth before parsing, and messages quote
 * what was given cut short — one line naming the flag, exit 2 — while stdin and `<(…)` keep working.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../sim/core/messages.js';
import { MAX_JSON_DEPTH, readInput, readJsonInput } from '../../scripts/config/input.js';
import { hexaArgv, tempDir } from '../scripts/sweep/cli.js';
import { hexaHere } from '../helpers/inProcess.js';

const SHORT = ['--rounds', '1', '--tasks', '2', '--replicates', '2', '--quiet'];

function oneLine(r: { status: number | null; stderr: string }, status: number): string {
  const lines = r.stderr.split('\n').filter((l) => l !== '');
  expect(lines, r.stderr.slice(0, 2000)).toHaveLength(1);
  expect(r.stderr).not.toMatch(/\n\s+at /);
  expect(r.status).toBe(status);
  return lines[0]!;
}

describe('the input reader', () => {
  it('stops reading a file that never ends once past its bound', () => {
    expect(() => readInput('config', '/dev/zero', 1 << 20)).toThrow(
      new UsageError(
        "--config: '/dev/zero' holds more than 1 MiB, far more than an input of its kind; is it the right file?",
      ),
    );
  });

  it('refuses nesting deeper than its bound, and numbers beyond the largest, naming where', () => {
    const dir = tempDir('json');
    const deep = join(dir, 'deep.json');
    writeFileSync(deep, `${'['.repeat(20_000)}${']'.repeat(20_000)}`);
    expect(() => readJsonInput('config', deep)).toThrow(
      new RegExp(`nested more than ${MAX_JSON_DEPTH} levels deep \\(line 1, column ${MAX_JSON_DEPTH + 1}\\)`),
    );
    const huge = join(dir, 'huge.json');
    writeFileSync(huge, '{\n  "explore": [0, -1e400]\n}\n');
    expect(() => readJsonInput('config', huge)).toThrow(/: -1e400 \(line 2, column 18\) is beyond the largest number/);
    // Inside a string, brackets and digits are text.
    const text = join(dir, 'text.json');
    writeFileSync(text, JSON.stringify({ note: `${'['.repeat(100)} 1e400 \\" [` }));
    expect(readJsonInput('config', text)).toEqual({ note: `${'['.repeat(100)} 1e400 \\" [` });
  });

  it('says what is wrong with a file that is not JSON in one line (YAML, a torn document, not UTF-8)', () => {
    const dir = tempDir('json-bad');
    const cases: [string, string | Buffer, RegExp][] = [
      ['y.yaml', 'explore:\n  - 0\n  - 0.1\n', /: not valid JSON: it starts with 'explore:', not a JSON value \(YAML/],
      ['torn.json', '{"explore": [0,\n0.1\n', /: not valid JSON: [^\n]+$/],
      ['latin1.json', Buffer.from([0x7b, 0xe9, 0x7d]), /latin1\.json' is not UTF-8 text$/],
    ];
    for (const [name, content, line] of cases) {
      writeFileSync(join(dir, name), content);
      let message = '';
      try {
        readJsonInput('config', join(dir, name));
      } catch (e) {
        message = (e as Error).message;
      }
      expect(message.split('\n')).toHaveLength(1);
      expect(message).toMatch(line);
    }
  });
});

describe('inputs without a bound, through the command line', () => {
  const cases: [string, string[], (cwd: string) => void, RegExp][] = [
    [
      '--config /dev/zero',
      ['sweep', '--config', '/dev/zero', ...SHORT, '--out', 's'],
      () => undefined,
      /^hexa: --config: '\/dev\/zero' holds more than 16 MiB/,
    ],
    [
      'a config 20 000 levels deep',
      ['sweep', '--config', 'deep.json', ...SHORT, '--out', 's'],
      (cwd) => writeFileSync(join(cwd, 'deep.json'), `{"explore": ${'['.repeat(20_000)}${']'.repeat(20_000)}}`),
      /^hexa: --config: 'deep\.json': nested more than 64 levels deep/,
    ],
    [
      '1e400 in a config (not shown as null)',
      ['sweep', '--config', 'c.json', ...SHORT, '--out', 's'],
      (cwd) => writeFileSync(join(cwd, 'c.json'), '{"explore": 1e400}'),
      /^hexa: --config: 'c\.json': 1e400 \(line 1, column 13\) is beyond the largest number/,
    ],
    [
      '1e400 on the command line',
      ['run', ...SHORT, '--explore', '1e400'],
      () => undefined,
      /^hexa: --explore: '1e400' is beyond the largest number/,
    ],
    [
      'a YAML config',
      ['sweep', '--config', 'c.yaml', ...SHORT, '--out', 's'],
      (cwd) => writeFileSync(join(cwd, 'c.yaml'), 'explore:\n  - 0\n  - 0.1\n'),
      /^hexa: --config: 'c\.yaml': not valid JSON: it starts with 'explore:'/,
    ],
    [
      'a 3 000 000-value list',
      ['sweep', '--config', 'big.json', ...SHORT, '--out', 's'],
      (cwd) => writeFileSync(join(cwd, 'big.json'), JSON.stringify({ explore: Array(3_000_000).fill(0) })),
      /^hexa: --explore: '0,0,0.*…[0,]*' \(5999999 characters\) is malformed/,
    ],
    [
      '--explore 0:1:1e-300 (a count of 300 digits)',
      ['sweep', '--explore', '0:1:1e-300', ...SHORT, '--out', 's'],
      () => undefined,
      /^hexa: --explore: '0:1:1e-300' is malformed: range '0:1:1e-300': it has about 10\^300 values \(at most/,
    ],
    [
      '--explore 0:1:1e-100000000 (steps too fine to count)',
      ['sweep', '--explore', '0:1:1e-100000000', ...SHORT, '--out', 's'],
      () => undefined,
      /: its values would need more than 1100 decimal places$/,
    ],
  ];
  it.each(cases)('%s: one short line naming the flag, exit 2, nothing written', async (_, args, setup, line) => {
    const cwd = tempDir('input');
    setup(cwd);
    const before = readdirSync(cwd).sort();
    const text = oneLine(await hexaHere(args, { cwd }), 2);
    expect(text).toMatch(line);
    expect(text.length).toBeLessThan(600);
    expect(readdirSync(cwd).sort()).toEqual(before);
  });

  it('stdin and a process substitution keep working', () => {
    const cwd = tempDir('input-stdin');
    const grid = '{"explore": [0, 0.1]}';
    const r = spawnSync(process.execPath, hexaArgv(['sweep', '--config', '-', ...SHORT, '--out', 'a']), {
      cwd,
      input: grid,
      encoding: 'utf8',
    });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const cli = [process.execPath, ...hexaArgv(['sweep', ...SHORT, '--out', 'b', '--config'])]
      .map((a) => `'${a}'`)
      .join(' ');
    const sub = spawnSync('bash', ['-c', `${cli} <(echo '${grid}')`], { cwd, encoding: 'utf8' });
    expect(sub.stderr).toBe('');
    expect(sub.status).toBe(0);
    expect(readdirSync(cwd).sort()).toEqual(['a', 'b']);
  });
});
