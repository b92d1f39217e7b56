/**
 * The package as a user gets it: `npm pack` (the `files` allow-list, the declarations, the licence), `npm i`
 * of the tarball into an empty folder — offline, from what `npm ci` left in the npm cache, with no install
 * script of hexa-sim's to run or to approve — then the README's API example with plain node, type-checked use
 * of the typed API, and the installed `hexa` reading the folders the example wrote and running a sweep of the
 * shipped example world on worker threads.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtCli, ROOT, tempDir } from '../sweep/cli.js';
import { joined } from '../../helpers/pattern.js';
import { builtPage } from '../explorer/builtPage.js';

const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';
/** The scripts of a dependency npm runs on install (`prepare` too, for a tarball or git source). */
const INSTALL_HOOKS = ['preinstall', 'install', 'postinstall', 'prepare'] as const;
const npm = (args: readonly string[], cwd: string): string =>
  execFileSync(NPM, [...args], { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

/** A copy of the project with the current build as dist/ and some clutter, packed as npm would (no scripts). */
function pack(): { tarball: string; files: string[] } {
  const stage = join(tempDir('pack'), 'hexa-sim');
  mkdirSync(stage);
  for (const entry of [
    'package.json',
    'README.md',
    'LICENSE',
    'CHANGELOG.md',
    'CITATION.cff',
    'tsconfig.json',
    'schemas',
    'docs',
    'test/helpers',
  ])
    cpSync(join(ROOT, entry), join(stage, entry), { recursive: true });
  builtPage(); // the explorer's page, built beside the tests' build as `npm run build` builds it into dist/
  cpSync(dirname(dirname(builtCli())), join(stage, 'dist'), { recursive: true });
  writeFileSync(join(stage, 'notes.txt'), 'lying around\n');
  const [report] = JSON.parse(
    npm(['pack', '--ignore-scripts', '--json', '--pack-destination', dirname(stage)], stage),
  ) as { filename: string; files: { path: string }[] }[];
  return { tarball: join(dirname(stage), report!.filename), files: report!.files.map((f) => f.path) };
}

interface LockEntry {
  readonly dev?: boolean;
  readonly [field: string]: unknown;
}

/**
 * A consumer's package.json and lockfile for the tarball: its dependencies pinned as this project's lock
 * pins them, so `npm install --offline` needs nothing but the tarballs `npm ci` left in the npm cache.
 */
function consumer(app: string, tarball: string): void {
  const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, LockEntry>;
  };
  const { version, dependencies, bin } = lock.packages['']!;
  const spec = `file:${relative(app, tarball)}`;
  const packages: Record<string, unknown> = {
    '': { name: 'app', dependencies: { 'hexa-sim': spec } },
    'node_modules/hexa-sim': { version, resolved: spec, dependencies, bin },
  };
  for (const [path, entry] of Object.entries(lock.packages))
    if (path !== '' && entry.dev !== true) packages[path] = entry;
  writeFileSync(
    join(app, 'package.json'),
    JSON.stringify({ name: 'app', private: true, type: 'module', dependencies: { 'hexa-sim': spec } }),
  );
  writeFileSync(
    join(app, 'package-lock.json'),
    JSON.stringify({ name: 'app', lockfileVersion: 3, requires: true, packages }),
  );
}

describe('the packed package', () => {
  const { tarball, files } = pack();

  it('ships the build, its declarations, the schema and the examples — nothing else', () => {
    const allowed = joined(
      /^(package\.json|README\.md|LICENSE|CHANGELOG\.md|CITATION\.cff)$|/,
      /^(dist\/.*\.(js|d\.ts)|dist\/explorer\/hexa-explorer\.html|schemas\/sweep\.schema\.json)$|/,
      /^(docs\/examples\/[a-z-]+\.mjs|docs\/findings\.md)$/,
    );
    expect(files.filter((f) => !allowed.test(f))).toEqual([]);
    for (const f of [
      'dist/scripts/api/index.js',
      'dist/scripts/api/index.d.ts',
      'dist/scripts/hexa.js',
      'dist/explorer/hexa-explorer.html',
      'docs/examples/api.mjs',
      'docs/examples/lock-world.mjs',
      'LICENSE',
      'CHANGELOG.md',
      'CITATION.cff',
    ])
      expect(files).toContain(f);
  });

  it('carries no install-time script, the licence named in package.json, and keywords', () => {
    const manifest = JSON.parse(
      execFileSync('tar', ['-xOzf', tarball, 'package/package.json'], { encoding: 'utf8' }),
    ) as { license: string; keywords?: string[]; scripts?: Record<string, string> };
    // What npm runs (or asks to approve) when a consumer installs the tarball; dist/ comes built instead.
    for (const hook of INSTALL_HOOKS) expect(manifest.scripts?.[hook], hook).toBeUndefined();
    expect(manifest.license).toBe('MIT');
    const licence = execFileSync('tar', ['-xOzf', tarball, 'package/LICENSE'], { encoding: 'utf8' });
    expect(licence).toMatch(/^MIT License\n\nCopyright \(c\) \d{4} /);
    expect(manifest.keywords?.length).toBeGreaterThan(3);
  });

  it('installs into an empty folder and runs the README example, typed, with hexa report reading its folders', () => {
    const app = tempDir('app');
    consumer(app, tarball);
    // An npm that knows --strict-allow-scripts fails the install on any script not approved; older ones lack it.
    const strict =
      npm(['config', 'get', 'strict-allow-scripts'], app).trim() === 'false' ? ['--strict-allow-scripts'] : [];
    const install = spawnSync(
      NPM,
      ['install', '--offline', '--no-audit', '--no-fund', ...strict, relative(app, tarball)],
      { cwd: app, encoding: 'utf8' },
    );
    expect(install.status, install.stderr).toBe(0);
    expect(install.stderr).not.toMatch(/install.scripts?/i);

    cpSync(join(ROOT, 'docs', 'examples', 'api.mjs'), join(app, 'example.mjs'));
    const run = spawnSync(process.execPath, ['example.mjs', 'results'], { cwd: app, encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^one task: \d+ attempts/);
    expect(run.stdout).toMatch(/round 5: [\d.]+ attempts/);
    expect(run.stdout.match(/^cell [0-9a-f]{16} /gm)).toHaveLength(6);

    writeFileSync(
      join(app, 'typed.ts'),
      [
        "import { normalizeRun, PUBLISHED_RUN, runExperiment, type EnvSpec, type Run } from 'hexa-sim';",
        'const config: Run = normalizeRun({ ...PUBLISHED_RUN, replicates: 2 });',
        'const mean: number = runExperiment(config).rounds[0]!.meanAttempts;',
        "const bad: EnvSpec['id'] = 42;",
        'const unnormalized = runExperiment({ ...config, seed: 3 });',
        "const noCreate: EnvSpec = { id: 'no-create-v1', summary: 's', params: [], exactRandomControl: true };",
        // What the JS checker asks of a world and no more compiles: no resolve, no id on the world, a plain array.
        'const minimal: EnvSpec = {',
        "  id: 'minimal-v1',",
        "  summary: 'a lock of n ones',",
        "  params: [{ name: 'n', kind: 'int', min: 1, default: 2, describe: 'positions' }],",
        '  exactRandomControl: true,',
        '  create(params) {',
        '    const n = Number(params.n);',
        '    const feedback = { score: 0, solved: false };',
        '    return {',
        '      space: { positions: n, arity: 2 },',
        '      maxScore: n,',
        '      reset() {},',
        '      step(code) {',
        '        feedback.score = code.filter((v) => v === 1).length;',
        '        feedback.solved = feedback.score === n;',
        '        return feedback;',
        '      },',
        '      truth: () => new Array<number>(n).fill(1),',
        '    };',
        '  },',
        '};',
        'export { mean, bad, unnormalized, noCreate, minimal };',
        '',
      ].join('\n'),
    );
    writeFileSync(
      join(app, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          strict: true,
          noEmit: true,
          skipLibCheck: true,
          types: [],
        },
        files: ['typed.ts'],
      }),
    );
    const tsc = spawnSync(
      process.execPath,
      [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.json'],
      { cwd: app, encoding: 'utf8' },
    );
    // Exactly the planted errors: the types resolve through `exports`, and they are checked (a changed copy of
    // a normalized configuration is not one; a world needs create, as the checker says) — and no more than the
    // checker asks of a world (test/envs/contract.test.ts runs the same world through it).
    const errors = tsc.stdout.split('\n').filter((line) => /^typed\.ts\(/.test(line));
    expect(errors).toEqual([
      expect.stringMatching(/^typed\.ts\(4,7\): error TS2322: Type 'number' is not assignable to type 'string'\.$/),
      expect.stringMatching(/^typed\.ts\(5,36\): error TS2345: .* is not assignable to parameter of type 'Run'\.$/),
      expect.stringMatching(/^typed\.ts\(6,7\): error TS2741: Property 'create' is missing in type .* 'EnvSpec'\.$/),
    ]);

    const hexa = (args: readonly string[]): ReturnType<typeof spawnSync> =>
      spawnSync(join(app, 'node_modules', '.bin', 'hexa'), args, { cwd: app, encoding: 'utf8' });
    const report = hexa(['report', join('results', 'sweep')]);
    expect(report.status, String(report.stderr)).toBe(0);
    expect(readFileSync(join(app, 'results', 'sweep', 'report', 'summary.csv'), 'utf8')).toMatch(/^[a-zA-Z]/);
    // The shipped example world, on the installed CLI's worker threads.
    const sweep = hexa([
      'sweep',
      '--env',
      'node_modules/hexa-sim/docs/examples/lock-world.mjs',
      '--explore',
      '0,0.2',
      '--replicates',
      '4',
      '--workers',
      '2',
      '--out',
      'sw',
      '--quiet',
    ]);
    expect(sweep.status, String(sweep.stderr)).toBe(0);
    expect(
      readFileSync(join(app, 'sw', 'results.csv'), 'utf8')
        .split('\n')
        .filter((l) => l.includes(',js-lock-v1,')),
    ).toHaveLength(2 * 4 * 5);
    // The explorer's page, built into the package: the installed CLI writes it.
    const explorer = hexa(['explorer', '--out', 'explorer.html']);
    expect(explorer.status, String(explorer.stderr)).toBe(0);
    expect(readFileSync(join(app, 'explorer.html'), 'utf8')).toMatch(/^<!DOCTYPE html>[\s\S]*id="hexa-app"/);
    // Heavy: with other test files beside it on a loaded two-core machine it can outlast the default minute.
  }, 240_000);
});
