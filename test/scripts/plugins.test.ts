/**
 * Plugins from the shell, end to end through the built CLI: a plain-JavaScript world and policy modules
 * run under `run`, `sweep` (any number of workers, byte-identical) and `matrix`; broken modules are refused
 * before anything is written; changed modules refuse `--resume` and `merge`; `check-env` and `envs` see them.
 */
import { copyFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hexa, ROOT, tempDir } from './sweep/cli.js';
import { hexaHere } from '../helpers/inProcess.js';
import { joined } from '../helpers/pattern.js';

const EXAMPLES = join(ROOT, 'docs', 'examples');
const WORLD = join(EXAMPLES, 'lock-world.mjs');
const BROKEN = join(EXAMPLES, 'broken-world.mjs');
const sha256 = (path: string): string => createHash('sha256').update(readFileSync(path)).digest('hex');
const oneLine = (stderr: string): string => {
  expect(stderr.endsWith('\n') && stderr.indexOf('\n') === stderr.length - 1, stderr).toBe(true);
  return stderr;
};

describe('a world module under hexa run', () => {
  it('runs lock-v1 dynamics: the same rows as the built-in lock but for the env id', async () => {
    const dir = tempDir('plugin-run');
    const built = await hexaHere(['run', '--replicates', '6', '--explore', '0.1', '--csv', join(dir, 'lock.csv')]);
    const plugin = hexa([
      'run',
      '--env',
      WORLD,
      '--replicates',
      '6',
      '--explore',
      '0.1',
      '--csv',
      join(dir, 'js.csv'),
      '--out',
      join(dir, 'res'),
    ]);
    expect(built.status).toBe(0);
    expect(plugin.status, plugin.stderr).toBe(0);
    const lock = readFileSync(join(dir, 'lock.csv'), 'utf8');
    const js = readFileSync(join(dir, 'js.csv'), 'utf8');
    expect(js).not.toBe(lock);
    expect(js.replaceAll('\njs-lock-v1,', '\nlock-v1,')).toBe(lock);
    expect(plugin.stdout).toContain(`module env: ${WORLD} (sha256 ${sha256(WORLD).slice(0, 12)}…)`);
  });

  it('records the module path and SHA-256 in the manifest — and only when a module is used', async () => {
    const dir = tempDir('plugin-manifest');
    expect(
      hexa(['run', '--env', WORLD, '--lifecycle', join(EXAMPLES, 'lifecycle.mjs'), '--out', join(dir, 'p')]).status,
    ).toBe(0);
    expect((await hexaHere(['run', '--out', join(dir, 'b')])).status).toBe(0);
    const withModule = JSON.parse(readFileSync(join(dir, 'p', 'manifest.json'), 'utf8')) as {
      config: { modules?: unknown };
    };
    expect(withModule.config.modules).toEqual([
      { kind: 'env', path: WORLD, sha256: sha256(WORLD) },
      { kind: 'lifecycle', path: join(EXAMPLES, 'lifecycle.mjs'), sha256: sha256(join(EXAMPLES, 'lifecycle.mjs')) },
    ]);
    expect(readFileSync(join(dir, 'b', 'manifest.json'), 'utf8')).not.toContain('modules');
    expect(readFileSync(join(dir, 'p', 'runs.csv'), 'utf8').split('\n')[1]).toMatch(
      /^js-lock-v1,4,1011,.*,retire-on-evidence,/,
    );
  });
});

describe('modules under hexa sweep and hexa matrix', () => {
  const grid = [
    '--env',
    `lock-v1,${WORLD}`,
    '--lifecycle',
    `published,${join(EXAMPLES, 'lifecycle.mjs')}`,
    '--ranking',
    `published,${join(EXAMPLES, 'ranking.mjs')}`,
    '--explore',
    '0,0.2',
    '--replicates',
    '8',
    '--quiet',
  ];

  it('gives byte-identical results on 1 and 2 workers, and names each policy in its column', () => {
    const dir = tempDir('plugin-sweep');
    expect(hexa(['sweep', ...grid, '--workers', '1', '--out', join(dir, 'w1')]).status).toBe(0);
    const two = hexa(['sweep', ...grid, '--workers', '2', '--out', join(dir, 'w2')]);
    expect(two.status, two.stderr).toBe(0);
    const results = readFileSync(join(dir, 'w1', 'results.csv'), 'utf8');
    expect(readFileSync(join(dir, 'w2', 'results.csv'), 'utf8')).toBe(results);
    const [header, ...rows] = results.trim().split('\n');
    expect(rows).toHaveLength(16 * 8 * 5);
    const column = (name: string): Set<string> =>
      new Set(rows.map((r) => r.split(',')[header!.split(',').indexOf(name)]!));
    expect(column('env')).toEqual(new Set(['lock-v1', 'js-lock-v1']));
    expect(column('lifecycle')).toEqual(new Set(['published', 'retire-on-evidence']));
    expect(column('ranking')).toEqual(new Set(['published', 'track-record']));
    expect(header).not.toContain('extraction');
    const manifest = JSON.parse(readFileSync(join(dir, 'w2', 'manifest.json'), 'utf8')) as {
      modules: { kind: string; path: string; sha256: string }[];
    };
    expect(manifest.modules.map((m) => [m.kind, m.path, m.sha256])).toEqual([
      ['env', WORLD, sha256(WORLD)],
      ['lifecycle', join(EXAMPLES, 'lifecycle.mjs'), sha256(join(EXAMPLES, 'lifecycle.mjs'))],
      ['ranking', join(EXAMPLES, 'ranking.mjs'), sha256(join(EXAMPLES, 'ranking.mjs'))],
    ]);
  });

  it('runs the HExA matrix on a module world', () => {
    const r = hexa(['matrix', '--env', WORLD, '--replicates', '5', '--json']);
    expect(r.status, r.stderr).toBe(0);
    const doc = JSON.parse(r.stdout) as { config: { env: string }; cells: unknown[] };
    expect(doc.config.env).toBe('js-lock-v1');
    expect(doc.cells).toHaveLength(9);
  });
});

describe('a module world under hexa reproduce', () => {
  it('reproduces the benchmark and its bounds exactly as the built-in lock does (lock-v1 dynamics)', async () => {
    const dir = tempDir('plugin-reproduce');
    // The audit is the lock's alone and compared with nothing here, so the smallest one serves.
    const lock = await hexaHere([
      'reproduce',
      '--replicates',
      '30',
      '--audit-replicates',
      '2',
      '--out',
      join(dir, 'lock'),
    ]);
    expect(lock.status, lock.stderr).toBe(0);
    const js = hexa(['reproduce', '--env', WORLD, '--replicates', '30', '--out', join(dir, 'js')]);
    expect(js.status, js.stderr).toBe(0);
    // The world's own figures and exact anchors, no published column, and why there is no audit.
    expect(js.stdout).toMatch(/^The published benchmark's arms in js-lock-v1 bits=4 truth=1011 \(/);
    const header = js.stdout.split('\n').find((line) => line.startsWith('figure'))!;
    expect(header.split(/\s{2,}/)).toEqual(['figure', 'mean', '95% CI', 'exact', 'single runs 95%']);
    expect(js.stdout).not.toMatch(/published gap|pctile/);
    expect(js.stdout).toContain('Exact expected attempts, uniform guessing in js-lock-v1 (16 codes, cap 20):');
    expect(js.stdout).toContain('  2 positions fixed, pool 4: 3.987; with 20 % exploration 4.666');
    expect(js.stdout).toMatch(/No audit and no verdict: .*\n.*published 4-bit lock's/);
    for (const file of ['table.csv', 'paired.csv', 'bounds.csv'])
      expect(readFileSync(join(dir, 'js', file), 'utf8'), file).toBe(readFileSync(join(dir, 'lock', file), 'utf8'));
    const runs = readFileSync(join(dir, 'js', 'runs.csv'), 'utf8');
    expect(runs.replace(/^([a-z0-9]+),js-lock-v1,/gm, '$1,lock-v1,')).toBe(
      readFileSync(join(dir, 'lock', 'runs.csv'), 'utf8'),
    );
    const manifest = JSON.parse(readFileSync(join(dir, 'js', 'manifest.json'), 'utf8')) as {
      config: { protocol: { env: string; modules: { sha256: string }[] } };
    };
    expect(manifest.config.protocol.env).toBe('js-lock-v1');
    expect(manifest.config.protocol.modules.map((m) => m.sha256)).toEqual([sha256(WORLD)]);
  });

  it('keeps the audit on the published lock', async () => {
    // Refused on its flags, before the module is loaded: no process of its own needed.
    const r = await hexaHere(['reproduce', '--audit', '--env', WORLD]);
    expect(r.status).toBe(2);
    expect(r.stderr).toBe('hexa: --audit and --env cannot be used together\n');
  });
});

describe('a module that breaks its contract', () => {
  it.each([
    ['run', (out: string) => ['run', '--env', BROKEN, '--out', out, '--csv', `${out}.csv`]],
    ['sweep', (out: string) => ['sweep', '--env', BROKEN, '--explore', '0,0.1', '--quiet', '--out', out]],
    ['matrix', () => ['matrix', '--env', BROKEN]],
    ['reproduce', (out: string) => ['reproduce', '--env', BROKEN, '--out', out]],
  ])('is refused by %s with exit 2, one line naming the module and the check, nothing written', (_what, args) => {
    const out = join(tempDir('plugin-broken'), 'out');
    const r = hexa(args(out));
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(oneLine(r.stderr)).toMatch(
      new RegExp(`^hexa: --env: '${BROKEN}': world 'broken-lock-v1' fails check 'solved-iff-truth': `),
    );
    expect(existsSync(out)).toBe(false);
    expect(existsSync(`${out}.csv`)).toBe(false);
  });

  it.each([
    [['--env', join(EXAMPLES, 'missing.mjs')], /^hexa: --env: '.*missing\.mjs' does not exist or is not a file\n$/],
    [
      ['--lifecycle', join(EXAMPLES, 'ranking.mjs')],
      joined(
        /^hexa: --lifecycle: '.*ranking\.mjs': the default export is not a lifecycle policy: /,
        /kind 'ranking' is not 'lifecycle'\n$/,
      ),
    ],
    [['--extraction', join(ROOT, 'package.json')], /^hexa: --extraction: 'package.json' is not one of published\n$/],
    // A missing file and a value that names no policy load no module, so this process answers them; the module of
    // the wrong kind is loaded, in a process of its own.
  ])('%j is one line and exit 2', async (args, message) => {
    const run = ['run', ...args.map((a) => (a.endsWith('package.json') ? 'package.json' : a))];
    const r = args[0] === '--lifecycle' ? hexa(run) : await hexaHere(run);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(message);
  });
});

describe('a module that changed', () => {
  it('refuses --resume and merge with exit 2 and one line, leaving the folders as they were', async () => {
    const dir = tempDir('plugin-changed');
    const world = join(dir, 'world.mjs');
    copyFileSync(WORLD, world);
    const grid = ['--env', world, '--explore', '0,0.1,0.2', '--replicates', '4', '--quiet'];
    for (const i of [0, 1])
      expect(hexa(['sweep', ...grid, '--shard', `${i}/2`, '--out', join(dir, `s${i}`)]).status).toBe(0);
    const manifest = readFileSync(join(dir, 's0', 'manifest.json'), 'utf8');
    writeFileSync(world, readFileSync(world, 'utf8').replace("'N-bit combination lock", "'An N-bit combination lock"));

    const resume = hexa(['sweep', ...grid, '--shard', '0/2', '--out', join(dir, 's0'), '--resume']);
    expect(resume.status).toBe(2);
    expect(oneLine(resume.stderr)).toMatch(
      joined(
        /^hexa: --resume: '.*s0' was run with another version of '.*world\.mjs' /,
        /\(sha256 [0-9a-f]{12}… then, [0-9a-f]{12}… now\)/,
      ),
    );
    expect(readFileSync(join(dir, 's0', 'manifest.json'), 'utf8')).toBe(manifest);

    // Refused on the module's bytes, before loading it: no process of its own needed.
    const merge = await hexaHere(['merge', join(dir, 's0'), join(dir, 's1'), '--out', join(dir, 'all')]);
    expect(merge.status).toBe(2);
    expect(oneLine(merge.stderr)).toMatch(/^hexa: merge: '.*s0' was run with another version of '.*world\.mjs'/);
    expect(existsSync(join(dir, 'all'))).toBe(false);

    copyFileSync(WORLD, world);
    expect(hexa(['merge', join(dir, 's0'), join(dir, 's1'), '--out', join(dir, 'all')]).status).toBe(0);
    expect(hexa(['sweep', ...grid, '--shard', '0/2', '--out', join(dir, 's0'), '--resume']).status).toBe(0);
  });
});

describe('hexa check-env and hexa envs', () => {
  it('passes a good module (exit 0), fails a broken one (exit 1), refuses what cannot be loaded (exit 2)', async () => {
    expect(hexa(['check-env', WORLD, 'lock-v1']).status).toBe(0);
    const broken = hexa(['check-env', BROKEN, '--json']);
    expect(broken.status).toBe(1);
    const doc = JSON.parse(broken.stdout) as {
      id: string;
      ok: boolean;
      module: { sha256: string };
      results: { name: string; status: string }[];
    }[];
    expect(doc.map((d) => [d.id, d.ok, d.module.sha256])).toEqual([['broken-lock-v1', false, sha256(BROKEN)]]);
    expect(doc[0]!.results.filter((r) => r.status === 'fail').map((r) => r.name)).toEqual(['solved-iff-truth']);
    expect((await hexaHere(['check-env', join(EXAMPLES, 'nothing.mjs')])).status).toBe(2);
    expect((await hexaHere(['check-env', 'no-such-v1'])).stderr).toMatch(
      /^hexa: check-env: 'no-such-v1' is neither a registered environment/,
    );
  });

  it('lists a module world beside the built-in ones', () => {
    const r = hexa(['envs', '--env', WORLD, '--json']);
    expect(r.status).toBe(0);
    const envs = JSON.parse(r.stdout) as { id: string; module?: string }[];
    expect(envs.at(-1)).toMatchObject({ id: 'js-lock-v1', module: WORLD });
    expect(envs.filter((e) => e.module !== undefined)).toHaveLength(1);
  });
});

describe('plugins without boilerplate', () => {
  const DIALS = join(EXAMPLES, 'dial-world.mjs');

  it('a world with declared parameters and no resolve(): checked, run, its parameters read by the host', () => {
    const check = hexa(['check-env', DIALS]);
    expect(check.status, check.stdout).toBe(0);
    expect(check.stdout).toMatch(/pass {2}declared/);
    const run = hexa(['run', '--env', DIALS, '--param', 'dials=4', '--param', 'symbols=3', '--replicates', '5']);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^dials-v1 dials=4 symbols=3 · /);
    expect(oneLine(hexa(['run', '--env', DIALS, '--param', 'dails=4']).stderr)).toBe(
      'hexa: --param: dials-v1: dails=4: is not a parameter of dials-v1 (did you mean dials? known: dials, symbols)\n',
    );
    expect(oneLine(hexa(['run', '--env', DIALS, '--param', 'dials=']).stderr)).toBe(
      'hexa: --param: dials-v1: dials=: must be an integer\n',
    );
    expect(oneLine(hexa(['run', '--env', DIALS, '--param', 'symbols=11']).stderr)).toBe(
      'hexa: --param: dials-v1: symbols=11: must be at most 10\n',
    );
  });

  it('check-env fails a resolve() that fills another value than its declared default; a run refuses the world', () => {
    const dir = tempDir('declared');
    const file = join(dir, 'drifting-default.mjs');
    writeFileSync(
      file,
      [
        `import dials from ${JSON.stringify(DIALS)};`,
        "export default { ...dials, id: 'drifting-default-v1',",
        '  resolve: (p) => ({ ...p, symbols: p.symbols === 4 ? 3 : p.symbols }) };',
        '',
      ].join('\n'),
    );
    const check = hexa(['check-env', file]);
    expect(check.status).toBe(1);
    expect(check.stdout).toMatch(
      /FAIL {2}declared .*\n\s+parameter 'symbols' declares default 4, but resolve\(\) gives 3/,
    );
    expect(oneLine(hexa(['run', '--env', file, '--out', join(dir, 'out')]).stderr)).toMatch(
      /fails check 'declared': parameter 'symbols' declares default 4, but resolve\(\) gives 3/,
    );
    expect(existsSync(join(dir, 'out'))).toBe(false);
  });

  it('a module that does not load is named with file:line:column; a TypeScript path is told to compile', async () => {
    const dir = tempDir('load-errors');
    writeFileSync(join(dir, 'typo.mjs'), 'export default {\n  id: "typo-v1",\n  summary: "s" oops,\n};\n');
    writeFileSync(join(dir, 'throws.mjs'), 'const a = 1;\nnotDefined.call(a);\nexport default {};\n');
    const at = (file: string, flag = '--env'): string =>
      oneLine(hexa(['run', flag, `./${file}`], { cwd: dir }).stderr).trimEnd();
    expect(at('typo.mjs')).toBe(
      "hexa: --env: './typo.mjs' could not be loaded: ./typo.mjs:3:16: SyntaxError: Unexpected identifier 'oops'",
    );
    expect(at('throws.mjs', '--ranking')).toBe(
      "hexa: --ranking: './throws.mjs' could not be loaded: ./throws.mjs:2:1: ReferenceError: notDefined is not " +
        'defined',
    );
    // Refused by its name, before any load: answered in this process.
    expect(oneLine((await hexaHere(['run', '--env', './world.ts'], { cwd: dir })).stderr).trimEnd()).toBe(
      "hexa: --env: './world.ts' is TypeScript, and hexa loads modules as JavaScript: compile it to .mjs (tsc, or " +
        'npx esbuild ./world.ts --format=esm --outfile=./world.mjs)',
    );
  });

  it('warns when a policy module leaves every figure as the default rule gives it', () => {
    const dir = tempDir('unchanged');
    const tie = join(dir, 'tie.mjs');
    writeFileSync(tie, "export default { kind: 'ranking', name: 'always-tie', compare: () => 0 };\n");
    const r = hexa(['run', '--ranking', tie, '--replicates', '60']);
    expect(r.status, r.stderr).toBe(0);
    expect(oneLine(r.stderr)).toBe(
      `hexa: warning: --ranking '${tie}': policy 'always-tie' gives the first 50 replicates exactly as --ranking ` +
        `published does, figure for figure: in this configuration it changes nothing (is it called, and does the run ` +
        `leave it anything to decide?)\n`,
    );
    expect(hexa(['run', '--ranking', tie, '--replicates', '60', '--quiet']).stderr).toBe('');
    // A policy that acts says nothing.
    const acts = hexa([
      'run',
      '--env',
      'drift-lock-v1',
      '--lifecycle',
      join(EXAMPLES, 'lifecycle.mjs'),
      '--replicates',
      '20',
    ]);
    expect(acts.status, acts.stderr).toBe(0);
    expect(acts.stderr).toBe('');
  });
});
