/**
 * Plugins that do to the process what they may not (docs/reliability.md, the hostile classes): end it, print on
 * its standard output, hang while loading, or patch the language's built-ins. Each is held by one sandbox
 * (sim/core/guard/sandbox.ts, sim/agent/plugins/sandboxedLoad.ts) on every thread plugin code runs on: the
 * command's own (a module's load, the environment checker, a reproduction's runs) and the workers (runs,
 * sweeps). Through the built CLI, in several hooks, at load and at run time.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hexa, ROOT, tempDir, type CliResult } from '../scripts/sweep/cli.js';

const FIXTURES = join(ROOT, 'test/fixtures/hostile');
const WORLD = join(FIXTURES, 'world.mjs');
const LOAD = join(FIXTURES, 'misbehaving-load.mjs');
const LIFECYCLE = join(FIXTURES, 'misbehaving-lifecycle.mjs');
const SHORT = ['--rounds', '2', '--tasks', '10', '--replicates', '2'];
/** Past the environment checker's look (the fixture behaves for `after` steps; the checker uses its defaults). */
const LATER = ['--param', 'after=50'];

/** Every name under `dir`, hidden ones too, as relative paths. */
function tree(dir: string, rel = ''): string[] {
  return readdirSync(join(dir, rel))
    .sort()
    .flatMap((n) => {
      const path = join(rel, n);
      return statSync(join(dir, path)).isDirectory() ? [`${path}/`, ...tree(dir, path)] : [path];
    });
}

/** hexa's own lines on stderr (a plugin's output there is prefixed `[plugin …]`). */
const ownLines = (r: CliResult): string[] => r.stderr.split('\n').filter((l) => l !== '' && !l.startsWith('[plugin '));

function expectOneLine(r: CliResult, status: 1 | 2, line: RegExp): void {
  const lines = ownLines(r);
  expect(lines, r.stderr).toHaveLength(1);
  expect(lines[0]).toMatch(/^hexa: /);
  expect(lines[0]).toMatch(line);
  expect(r.stderr).not.toMatch(/\n\s+at /);
  expect(r.status, r.stderr).toBe(status);
}

/** A sweep that failed: exit 1, the manifest says so, the cells named failed with `error`, nothing temporary. */
function expectFailedSweep(r: CliResult, cwd: string, error: RegExp, done = 0): void {
  expect(r.status, r.stderr).toBe(1);
  const manifest = JSON.parse(readFileSync(join(cwd, 's', 'manifest.json'), 'utf8')) as {
    status: string;
    cells: { status: string; error?: string }[];
  };
  expect(manifest.status).toBe('failed');
  const failed = manifest.cells.filter((c) => c.status === 'failed');
  expect(failed.length).toBeGreaterThan(0);
  for (const c of failed) expect(c.error).toMatch(error);
  expect(manifest.cells.filter((c) => c.status === 'done')).toHaveLength(done);
  const left = tree(cwd).filter((p) => /tmp-|\.part|\.work-|\.lock$|staging/.test(p));
  expect(left).toEqual([]);
}

const EXIT = /called process\.exit\(\d\): a plugin may not end hexa/;

describe('a plugin that ends the process: its work fails naming the module and the hook', () => {
  it.each([
    [
      'a step() (after 50 steps)',
      ['fault=exit'],
      /world\.mjs: world 'hostile-lock-v1' stepWord\(\): called process\.exit\(0\)/,
    ],
    ['a reset()', ['fault=exit-reset'], /world\.mjs: world 'hostile-lock-v1' reset\(\): called process\.exit\(3\)/],
    [
      'a step() that catches what the exit threw',
      ['fault=exit-caught'],
      /world\.mjs: world 'hostile-lock-v1' reset\(\) or step\(\): called process\.exit\(0\)/,
    ],
  ])('hexa run, on its worker thread: %s', (_, params, line) => {
    const r = hexa(['run', '--env', WORLD, '--param', params[0]!, ...LATER, ...SHORT, '--quiet'], {
      cwd: tempDir('exit'),
    });
    expectOneLine(r, 1, line);
  });

  it("a lifecycle's evolve(), in hexa run and hexa matrix", () => {
    for (const command of ['run', 'matrix']) {
      const r = hexa([command, '--lifecycle', LIFECYCLE, ...SHORT, '--quiet'], {
        cwd: tempDir('exit-lifecycle'),
        env: { HOSTILE_HOOK: 'exit' },
      });
      expectOneLine(r, 1, /misbehaving-lifecycle\.mjs: lifecycle 'misbehaves' evolve\(\): called process\.exit\(2\)/);
    }
  });

  it('hexa reproduce --env, whose runs are on its own thread', () => {
    const cwd = tempDir('exit-reproduce');
    const args = ['reproduce', '--env', WORLD, '--param', 'fault=exit', '--param', 'after=500', '--replicates', '4'];
    const r = hexa([...args, '--out', 'r'], { cwd });
    expectOneLine(r, 1, /world 'hostile-lock-v1' stepWord\(\): called process\.exit\(0\)/);
    expect(tree(cwd)).toEqual([]);
  });

  it('a sweep: the cell fails (its parts on two workers too), the others finish, the manifest says failed', () => {
    let cwd = tempDir('exit-sweep');
    const sweep = ['sweep', '--env', WORLD, ...LATER, '--rounds', '4', '--tasks', '10', '--quiet', '--out', 's'];
    let r = hexa([...sweep, '--param', 'fault=none,exit', '--replicates', '4'], { cwd });
    expectFailedSweep(r, cwd, /stepWord\(\): called process\.exit\(0\)/, 1);
    // One cell of 8 replicates on two workers: run in parts, none left behind.
    cwd = tempDir('exit-sweep-parts');
    r = hexa([...sweep, '--param', 'fault=exit-reset', '--replicates', '8', '--workers', '2'], { cwd });
    expectFailedSweep(r, cwd, /reset\(\): called process\.exit\(3\)/);
  });

  it('at load: refused before any work (exit 2); on the workers only: the run fails (exit 1)', () => {
    const cwd = tempDir('exit-load');
    let r = hexa(['run', '--env', LOAD, ...SHORT, '--out', 'r'], { cwd, env: { HOSTILE_LOAD: 'exit' } });
    expectOneLine(r, 2, /^hexa: --env: '.*misbehaving-load\.mjs' could not be loaded: called process\.exit\(0\)/);
    expect(tree(cwd)).toEqual([]);
    r = hexa(['run', '--env', LOAD, ...SHORT, '--quiet'], {
      cwd,
      env: { HOSTILE_LOAD: 'exit', HOSTILE_WHERE: 'worker' },
    });
    expectOneLine(r, 1, /misbehaving-load\.mjs' could not be loaded: called process\.exit\(0\)/);
    r = hexa(['sweep', '--env', LOAD, '--param', 'fault=none,nan', ...SHORT, '--quiet', '--out', 's'], {
      cwd,
      env: { HOSTILE_LOAD: 'exit', HOSTILE_WHERE: 'worker' },
    });
    expectFailedSweep(r, cwd, EXIT);
  });
});

describe("a plugin that prints: its output never reaches hexa's stdout, it goes to stderr under its name", () => {
  const prefix = /^\[plugin [^\]]*world\.mjs: world 'hostile-lock-v1' reset\(\) or step\(\)\] /;

  it('hexa run --json, a step that calls console.log and process.stdout.write', () => {
    const r = hexa(['run', '--env', WORLD, '--param', 'fault=print', ...LATER, ...SHORT, '--json'], {
      cwd: tempDir('print-json'),
    });
    expect(r.status, r.stderr).toBe(0);
    expect(() => JSON.parse(r.stdout)).not.toThrow();
    const lines = r.stderr.split('\n').filter((l) => l !== '');
    expect(lines.length).toBeGreaterThan(10);
    for (const l of lines) expect(l).toMatch(prefix);
    expect(lines).toContainEqual(expect.stringMatching(/\] step 51$/));
    expect(lines).toContainEqual(expect.stringMatching(/\] \{"not": "hexa's"\}$/));
  });

  it('hexa run --csv -, a reset() that prints: every stdout line is a row of the table', () => {
    const r = hexa(['run', '--env', WORLD, '--param', 'fault=print-reset', ...LATER, ...SHORT, '--csv', '-'], {
      cwd: tempDir('print-csv'),
    });
    expect(r.status, r.stderr).toBe(0);
    const rows = r.stdout.trim().split('\n');
    expect(rows[0]).toMatch(/^env,after,fault,/);
    expect(rows).toHaveLength(1 + 2 * 2); // the header, a row a replicate × round
    expect(r.stderr).toMatch(/\] a reset, said on stdout\n/);
  });

  it("a lifecycle's evolve() in hexa run --json; a module that prints at load, on every thread", () => {
    let r = hexa(['run', '--lifecycle', LIFECYCLE, ...SHORT, '--json'], {
      cwd: tempDir('print-lifecycle'),
      env: { HOSTILE_HOOK: 'print' },
    });
    expect(r.status, r.stderr).toBe(0);
    expect(() => JSON.parse(r.stdout)).not.toThrow();
    expect(r.stderr).toMatch(/^\[plugin .*misbehaving-lifecycle\.mjs: lifecycle 'misbehaves' evolve\(\)\] evolving/m);
    r = hexa(['run', '--env', LOAD, ...SHORT, '--json'], {
      cwd: tempDir('print-load'),
      env: { HOSTILE_LOAD: 'print' },
    });
    expect(r.status, r.stderr).toBe(0);
    expect(() => JSON.parse(r.stdout)).not.toThrow();
    // On the command's thread as it loads, and again on the worker that runs it.
    expect(r.stderr.match(/^\[plugin [^\]]*misbehaving-load\.mjs[^\]]*\] loading, said on stdout$/gm)).toHaveLength(2);
  });

  it('hexa check-env --json and hexa reproduce --env, which run the world on their own thread', () => {
    let r = hexa(['check-env', WORLD, '--param', 'fault=print', '--json'], { cwd: tempDir('print-check') });
    expect(r.status, r.stderr).toBe(0);
    expect((JSON.parse(r.stdout) as { ok: boolean }[])[0]!.ok).toBe(true);
    expect(r.stderr).toMatch(/^\[plugin [^\]]*world\.mjs\] step 1$/m);
    const cwd = tempDir('print-reproduce');
    const args = ['reproduce', '--env', WORLD, '--param', 'fault=print', '--param', 'after=500', '--replicates', '4'];
    r = hexa([...args, '--out', 'r'], { cwd });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).not.toMatch(/step \d|hexa's/);
    expect(r.stderr).toMatch(prefix);
  });

  it('a sweep: its stdout has none of it, and its results are those of a world that prints nothing', () => {
    // Both worlds in one sweep: a cell's random streams come from the seed and its replicates, not from its
    // configuration, so the cell that prints and the one that does not make the same rows.
    const cwd = tempDir('print-sweep');
    const r = hexa(['sweep', '--env', WORLD, '--param', 'fault=print,none', ...LATER, ...SHORT, '--out', 's'], { cwd });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).not.toMatch(/step \d|hexa's/);
    const [header, ...rows] = readFileSync(join(cwd, 's', 'results.csv'), 'utf8')
      .trim()
      .split('\n');
    const at = header!.split(',').indexOf('fault');
    // A cell's rows without its id (a hash of its configuration, the fault among it) and the fault's own column.
    const results = (fault: string): string =>
      rows
        .filter((row) => row.split(',')[at] === fault)
        .map((row) => row.split(',').map((v, i) => (i === 0 || i === at ? '' : v)))
        .join('\n');
    expect(results('print').split('\n')).toHaveLength(2 * 2);
    expect(results('print')).toBe(results('none'));
  });
});

describe('a plugin that hangs while loading: the load has the hooks’ deadline, one line naming the module', () => {
  it.each([
    ['a top-level loop', 'hang', /its top-level code did not finish within 0\.25 s \(stopped; --step-timeout sets/],
    ['a top-level await that never settles', 'await', /its top-level await never settled/],
  ])('%s: refused before any work, exit 2, in run, sweep and check-env', (_, what, line) => {
    const cwd = tempDir('hang-load');
    for (const command of [
      ['run', '--env', LOAD, ...SHORT, '--out', 'r'],
      ['sweep', '--env', LOAD, ...SHORT, '--out', 's'],
      ['check-env', LOAD],
    ]) {
      const started = Date.now();
      // The module is the first and only plugin code under the limit, and it never finishes, however long it is
      // given: a quarter of a second stops it as surely as a second, with a quarter of the CPU its loop burns.
      const r = hexa([...command, '--step-timeout', '0.25'], { cwd, env: { HOSTILE_LOAD: what } });
      expectOneLine(r, 2, new RegExp(`misbehaving-load\\.mjs' could not be loaded: ${line.source}`));
      expect(Date.now() - started).toBeLessThan(30_000);
    }
    expect(tree(cwd)).toEqual([]);
  });

  it('on the workers only: the watch stops it, naming the module (run: exit 1; sweep: failed cells)', () => {
    const cwd = tempDir('hang-load-worker');
    const env = { HOSTILE_LOAD: 'hang', HOSTILE_WHERE: 'worker' };
    let r = hexa(['run', '--env', LOAD, ...SHORT, '--step-timeout', '1', '--quiet'], { cwd, env });
    expectOneLine(r, 1, /misbehaving-load\.mjs: module top-level code: did not return within 1 s/);
    r = hexa(['sweep', '--env', LOAD, '--param', 'fault=none,nan', ...SHORT, '--step-timeout', '1', '--out', 's'], {
      cwd,
      env: { ...env, HOSTILE_LOAD: 'await' },
    });
    expectFailedSweep(r, cwd, /misbehaving-load\.mjs: (module top-level code: did not return|.*never settled)/);
  });
});

describe('a plugin that tampers with the language: the module is refused, naming what it changed', () => {
  it('at load (Math.round): refused before any work, exit 2', () => {
    const cwd = tempDir('tamper-load');
    const r = hexa(['run', '--env', LOAD, ...SHORT, '--out', 'r'], { cwd, env: { HOSTILE_LOAD: 'tamper' } });
    expectOneLine(r, 2, /misbehaving-load\.mjs' could not be loaded: changed the language's built-ins .*: Math\.round/);
    expect(tree(cwd)).toEqual([]);
  });

  it.each([
    ['tamper-fixed', 'Number.prototype.toFixed'],
    ['tamper-round', 'Math.round'],
    ['tamper-join', 'Array.prototype.join'],
    ['tamper-json', 'JSON.stringify'],
    ['tamper-pad', 'String.prototype.padStart'],
  ])('in a step (%s), hexa run: exit 1 naming %s', (fault, what) => {
    const r = hexa(['run', '--env', WORLD, '--param', `fault=${fault}`, ...LATER, ...SHORT, '--quiet'], {
      cwd: tempDir('tamper-step'),
    });
    expectOneLine(
      r,
      1,
      new RegExp(`world\\.mjs: changed the language's built-ins .*: ${what.replaceAll('.', '\\.')} `),
    );
  });

  it("in a lifecycle's evolve(), and in check-env and reproduce --env (the command's own thread)", () => {
    let r = hexa(['run', '--lifecycle', LIFECYCLE, ...SHORT, '--quiet'], {
      cwd: tempDir('tamper-lifecycle'),
      env: { HOSTILE_HOOK: 'tamper' },
    });
    expectOneLine(r, 1, /misbehaving-lifecycle\.mjs: changed the language's built-ins .*: Array\.prototype\.join/);
    r = hexa(['check-env', WORLD, '--param', 'fault=tamper-json'], { cwd: tempDir('tamper-check') });
    expectOneLine(r, 1, /world 'hostile-lock-v1', while checked, changed .*: JSON\.stringify/);
    const args = ['reproduce', '--env', WORLD, '--param', 'fault=tamper-fixed', '--param', 'after=500'];
    r = hexa([...args, '--replicates', '4', '--out', 'r'], { cwd: tempDir('tamper-reproduce') });
    expectOneLine(r, 1, /world\.mjs: changed the language's built-ins .*: Number\.prototype\.toFixed/);
  });

  it('in a sweep: the cell fails, and what it changed is put back for the cells after it on the same worker', () => {
    // Each fault at two steps: the ids then put a cell that behaves after each tampering on the one worker.
    const TWICE = ['--param', 'after=50,90'];
    const cell = (faults: string): { r: CliResult; cwd: string; none: string } => {
      const cwd = tempDir('tamper-sweep');
      const args = ['sweep', '--env', WORLD, '--param', `fault=${faults}`, ...TWICE, ...SHORT, '--workers', '1'];
      const r = hexa([...args, '--quiet', '--out', 's'], { cwd });
      // The rows of the cell that behaves, in results.csv.
      const rows = readFileSync(join(cwd, 's', 'results.csv'), 'utf8').split('\n');
      const at = rows[0]!.split(',').indexOf('fault');
      return { r, cwd, none: rows.filter((row) => row.split(',')[at] === 'none').join('\n') };
    };
    const alone = cell('none');
    expect(alone.r.status).toBe(0);
    // One worker takes the cells in the order of their ids: Math.round tampered with (after 90), toFixed (50), a cell
    // that behaves (50), toFixed (90), Math.round (50), a cell that behaves (90) — each tampering before a clean cell.
    const all = cell('tamper-fixed,tamper-round,none');
    expectFailedSweep(all.r, all.cwd, /world\.mjs: changed the language's built-ins/, 2);
    const order = (
      JSON.parse(readFileSync(join(all.cwd, 's', 'manifest.json'), 'utf8')) as {
        cells: { values: Record<string, string> }[];
      }
    ).cells.map((c) => c.values['param:fault']);
    for (const fault of ['tamper-fixed', 'tamper-round'])
      expect(order.slice(order.lastIndexOf(fault) + 1)).toContain('none');
    const errors = (
      JSON.parse(readFileSync(join(all.cwd, 's', 'manifest.json'), 'utf8')) as { cells: { error?: string }[] }
    ).cells
      .flatMap((c) => (c.error === undefined ? [] : [c.error]))
      .sort();
    expect(errors).toEqual([
      expect.stringMatching(/: Math\.round /),
      expect.stringMatching(/: Math\.round /),
      expect.stringMatching(/: Number\.prototype\.toFixed /),
      expect.stringMatching(/: Number\.prototype\.toFixed /),
    ]);
    expect(all.none).toBe(alone.none);
  });
});
