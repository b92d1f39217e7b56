/**
 * Every `hexa` command the documentation shows still parses: its command and flags exist, its positionals are
 * there, and a run's parameters and a sweep's grid are valid values (read by the code the commands read them
 * with). Commands
 * the docs show failing print the line the docs say they print, with exit status 2.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it, vi } from 'vitest';
import { buildCli } from '../../scripts/program/cli.js';
import { configFrom, envParamsFromArgv } from '../../scripts/config/runOptions.js';
import { loadedSettings, preloadModules } from '../../scripts/config/preload.js';
import { gridEntries, parseShard } from '../../scripts/commands/sweep.js';
import { buildGrid } from '../../scripts/sweep/grid.js';
import { planSweep } from '../../scripts/sweep/cells.js';
import { builtCli } from '../helpers/cli.js';
import { hexaHere } from '../helpers/inProcess.js';
import { commandsIn, type DocCommand, docFiles } from './commands.js';

const ROOT = new URL('../..', import.meta.url).pathname;
const run = promisify(execFile);

/** docs/architecture.md's "Adding a flag" walks through a flag that is not in the code (`--evolve-every`). */
const HYPOTHETICAL = /--evolve-ev/;

/**
 * Where the failing examples run: a fresh folder with the docs' examples beside a `./world.mjs` holding the
 * syntax error docs/plugins.md shows being reported (`./world.ts` need not exist to be refused).
 */
function exampleFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'hexa-doc-commands-'));
  symlinkSync(join(ROOT, 'docs'), join(dir, 'docs'));
  writeFileSync(join(dir, 'world.mjs'), '// world\n\nconst wrld = 1 oops;\n');
  return dir;
}

class ParseFailure extends Error {}

async function parse(args: readonly string[]): Promise<void> {
  const fail = (message: string): never => {
    throw new ParseFailure(message);
  };
  const argv = (await (await buildCli(args, { run: false, fail })).parseAsync()) as Record<string, unknown>;
  if (args[0] === 'run') {
    // A saved library is a database an earlier command on the page writes, not a file in the repo: its value is
    // checked for its form (FILE.sqlite, #replicate or #cell/replicate) and the rest of the run as usual.
    const { 'library-from': saved, ...settings } = await loadedSettings(argv);
    if (saved !== undefined && !/\.sqlite(#([^#/]+\/)?\d+)?$/.test(saved)) fail(`--library-from: '${saved}'`);
    configFrom(settings, envParamsFromArgv(argv));
  }
  if (args[0] === 'sweep') {
    // The grid from the flags alone: a --config file the docs print is not in the repo.
    const entries = gridEntries(argv, []);
    await preloadModules(entries.filter((e) => e.kind === 'flag'));
    planSweep(buildGrid(entries));
    if (argv.shard !== undefined) parseShard(String(argv.shard));
  }
}

const all: DocCommand[] = docFiles(ROOT)
  .flatMap((file) => commandsIn(ROOT, file))
  .filter((c) => !HYPOTHETICAL.test(c.args.join(' ')));
const failing = all.filter((c) => c.error !== undefined);
const passing = all.filter((c) => c.error === undefined);

describe('the commands shown in the docs', () => {
  it('are found in the README and on the pages (so a change to the reader cannot silently check nothing)', () => {
    expect(passing.length).toBeGreaterThan(60);
    const shown = new Set(passing.map((c) => c.args[0]));
    for (const name of ['reproduce', 'run', 'sweep', 'merge', 'envs', 'check-env', 'report', 'limits', 'matrix']) {
      expect(shown, name).toContain(name);
    }
  });

  it('parse: every command, flag and run value is one hexa accepts', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => {});
    const refused: string[] = [];
    for (const command of passing) {
      try {
        await parse(command.args);
      } catch (e) {
        if (!(e instanceof ParseFailure) && !(e instanceof Error && e.name === 'UsageError')) throw e;
        refused.push(`${command.place}: hexa ${command.args.join(' ')}: ${e.message}`);
      }
    }
    vi.restoreAllMocks();
    expect(refused).toEqual([]);
  });

  it('that are shown failing print the line shown, exit 2', { timeout: 240_000 }, async () => {
    const cwd = exampleFolder();
    // A world the page only imagines (`./my-world.mjs` misbehaving at run time) has no file to run.
    const imagined = (c: DocCommand): boolean => c.args.some((a) => a.endsWith('.mjs') && !existsSync(join(cwd, a)));
    expect(failing.filter(imagined).length).toBeLessThanOrEqual(3);
    // A command that loads a module world runs in a process of its own; the rest are refused on their words alone
    // and answered in this one (test/helpers/inProcess.ts), without a process started for each.
    const loads = (c: DocCommand): boolean => c.args.some((a) => /\.m?js$/.test(a));
    for (const command of failing.filter((c) => !imagined(c))) {
      const result = loads(command)
        ? await run(process.execPath, [builtCli(), ...command.args], { cwd }).then(
            () => ({ code: 0, stderr: '' }),
            (e: { code: number; stderr: string }) => ({ code: e.code, stderr: e.stderr }),
          )
        : await hexaHere(command.args, { cwd }).then((r) => ({ code: r.status, stderr: r.stderr }));
      expect({ place: command.place, ...result }).toEqual({
        place: command.place,
        code: 2,
        stderr: `hexa: ${command.error}\n`,
      });
    }
  });
});
