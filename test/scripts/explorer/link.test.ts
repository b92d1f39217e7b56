/**
 * The explorer's link: hash ↔ settings ↔ `hexa run` command line, each read by the CLI's own code, so a link or a
 * pasted command is checked as `hexa run` checks its flags.
 */
import { describe, expect, it } from 'vitest';
import { buildCli } from '../../../scripts/program/cli.js';
import {
  armBSettings,
  cliLine,
  commandOf,
  linkHash,
  readCommand,
  readLink,
  runOf,
  shellWords,
} from '../../../scripts/explorer/link.js';
import { configFrom, COMMAND_DEFAULTS, settingsFromArgv } from '../../../scripts/config/runOptions.js';

const V = '0.1.0';

/** The settings yargs gives for a command line, as `hexa run` reads them. */
async function cliSettings(line: string): Promise<Record<string, string>> {
  let argv: Record<string, unknown> = {};
  const cli = await buildCli(shellWords(line).slice(1), {
    run: false,
    fail: (m) => {
      throw new Error(m);
    },
  });
  argv = (await cli.parseAsync()) as Record<string, unknown>;
  return { ...settingsFromArgv(argv) };
}

/** A command in the help's order: it comes back word for word. */
const CANONICAL = 'hexa run --env drift-lock-v1 --replicates 50 --explore 0.2 --routing separate --param flips=2';

const COMMANDS = [
  CANONICAL,
  'hexa run',
  'hexa run --seed 7 --explore 0.1',
  'hexa run --env drift-lock-v1 --explore 0.2 --routing separate --replicates 50 --param flips=2',
  'hexa run --env mastermind-v1 --param pegs=3 --param colours=4 --actor consistent --no-library',
  'hexa run --env noisy-lock-v1 --truth 110 --lifecycle evobelief --cadence task --window all',
  'hexa run --env flaky-tools-v1 --breaker-failures 3 --paper-bounds 2/4/8/16 --lifecycle hexa-paper',
];

describe('the explorer link', () => {
  it.each(COMMANDS)('round-trips %s: command → hash → command, with the settings yargs reads', async (line) => {
    const { settings, params } = readCommand(line);
    expect(settings).toEqual(await cliSettings(line));
    const hash = linkHash({ version: V, view: 'run', settings, params, armB: null });
    const back = readLink(`#${hash}`, V);
    expect(back.settings).toEqual(settings);
    expect(back.params).toEqual(params);
    // The command comes back in the help's order, and reads back to the same settings.
    const command = commandOf(back.settings, back.params);
    expect(readCommand(command)).toEqual({ settings, params });
    expect(linkHash({ ...back, ...readCommand(command) })).toBe(hash);
    if (line === CANONICAL) expect(command).toBe(line);
    // The run a link names is the one hexa run builds, its 200 replicates included.
    expect(runOf(settings, params)).toEqual(configFrom({ ...COMMAND_DEFAULTS, ...settings }, params));
  });

  it('writes the version first, the view unless it is run, and the flags in the help’s order', () => {
    const link = readLink('#seed=7&env=drift-lock-v1&view=sweep&b.explore=0.2&param=flips%3D2', V);
    expect(linkHash(link)).toBe('v=0.1.0&view=sweep&env=drift-lock-v1&seed=7&param=flips%3D2&b.explore=0.2');
    expect(readLink('', V)).toEqual({ version: V, view: 'run', settings: {}, params: {}, armB: null });
    expect(readLink('#v=0.0.9', V).version).toBe('0.0.9');
  });

  it('gives the second arm the first’s flags and replicates, with its own on top', () => {
    const link = readLink('#seed=3&replicates=40&b.explore=0.2&b.replicates=9', V);
    expect(armBSettings(link)).toEqual({ seed: '3', replicates: '40', explore: '0.2' });
  });

  it('refuses what hexa run refuses, in its words', () => {
    const line = (f: () => unknown): string => {
      try {
        f();
      } catch (e) {
        return cliLine(e);
      }
      return 'accepted';
    };
    expect(line(() => runOf(readLink('#explore=1.5', V).settings, {}))).toMatch(/^hexa: --explore: '1\.5' /);
    expect(line(() => readLink('#explor=0.1', V))).toBe(
      'hexa: unknown flag --explor (did you mean --explore?) (see hexa run --help)',
    );
    expect(line(() => readLink('#view=table', V))).toMatch(/^hexa: view: 'table' is not a view/);
    expect(line(() => readLink('#env=./world.mjs', V))).toMatch(/^hexa: --env: '\.\/world\.mjs' names a file/);
    expect(line(() => readLink('#library-from=lib.sqlite%230', V))).toMatch(/names a file/);
    expect(line(() => readCommand('hexa sweep --explore 0,1'))).toMatch(/reads a hexa run command/);
    expect(line(() => readCommand("hexa run --truth '10"))).toMatch(/a quote is not closed/);
    expect(line(() => readCommand('hexa run --seed'))).toBe('hexa: --seed needs a value');
  });

  it('quotes a value the shell would split', () => {
    expect(commandOf({ truth: 'a b' }, { at: "x'y" })).toBe(`hexa run --truth 'a b' --param 'at=x'\\''y'`);
    expect(shellWords(`hexa run --truth 'a b' --param 'at=x'\\''y'`)).toEqual([
      'hexa',
      'run',
      '--truth',
      'a b',
      '--param',
      "at=x'y",
    ]);
  });
});
