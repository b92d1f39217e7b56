#!/usr/bin/env node
/**
 * The `hexa` command line. Heavy modules (the simulator, its reports, worker pools) load inside command handlers,
 * so `hexa --help` stays instant. Bad input: one line on stderr, exit code 2.
 */
import yargs from 'yargs';
import { hideBin } from 'yargs/helpers';
import { benchCommand } from './commands/bench.js';
import { envsCommand } from './commands/envs.js';
import { checkEnvCommand } from './commands/checkEnv.js';
import { reportCommand } from './commands/report.js';
import { reproduceCommand } from './commands/reproduce.js';
import { limitsCommand } from './commands/limits.js';
import { matrixCommand } from './commands/matrix.js';
import { runCommand } from './commands/run.js';
import { sweepCommand } from './commands/sweep.js';
import { mergeCommand } from './commands/merge.js';
import { msg, UsageError } from '../sim/core/messages.js';
import { EXIT_STATUS } from './commands/common.js';

function fail(message: string): never {
  process.stderr.write(`hexa: ${message}\n`);
  process.exit(2);
}

/** yargs' own complaints, reworded to one line that names the flag. */
function usageLine(yargsMessage: string): string {
  const unknown = /^Unknown arguments?: (.*)$/.exec(yargsMessage);
  if (unknown) {
    const names = unknown[1]!
      .split(', ')
      .map((n) => (n.length > 1 ? `--${n}` : `-${n}`))
      .join(', ');
    return msg.unknownFlag(names);
  }
  const unknownCmd = /^Unknown command: (.*)$/.exec(yargsMessage);
  if (unknownCmd) return msg.unknownCommand(unknownCmd[1]!);
  const suggestion = /^Did you mean (.*)\?$/.exec(yargsMessage);
  const typed = hideBin(process.argv).find((a) => !a.startsWith('-'));
  if (suggestion && typed !== undefined) return `${msg.unknownCommand(typed)}; did you mean ${suggestion[1]}?`;
  return yargsMessage.split('\n')[0]!;
}

/** The part of yargs' internals that `skipHelpCache` touches (yargs 18, pinned). */
interface YargsInternals {
  getInternalMethods?: () => { getUsageInstance?: () => { cacheHelpMessage?: () => void } };
}

/**
 * yargs renders a command's whole help text after starting its handler, to keep for a later `showHelp`
 * (string layout on the path of every run and sweep, a cost docs/performance.md gives). hexa never shows
 * help after a command has started (errors are one line), so the rendering is skipped; `--help` is unaffected.
 */
function skipHelpCache(cli: object): void {
  const usage = (cli as YargsInternals).getInternalMethods?.().getUsageInstance?.();
  if (usage !== undefined && typeof usage.cacheHelpMessage === 'function') usage.cacheHelpMessage = (): void => {};
}

async function main(): Promise<void> {
  const cli = yargs(hideBin(process.argv))
    .scriptName('hexa')
    .usage('$0 <command> [flags]\n\nSeeded simulator for experience-library agents (Actor / Evolver / Retriever).')
    .command(reproduceCommand)
    .command(runCommand)
    .command(sweepCommand)
    .command(mergeCommand)
    .command(envsCommand)
    .command(checkEnvCommand)
    .command(benchCommand)
    .command(reportCommand)
    .command(limitsCommand)
    .command(matrixCommand)
    .demandCommand(1, 'name a command (see hexa --help)')
    .strict()
    .recommendCommands()
    .example('hexa reproduce', 'the published benchmark beside the simulator (npm start)')
    .example('hexa run --replicates 1000', 'the published exploitation arm, 1000 replicates')
    .example('hexa run --no-library --replicates 4000', 'the random control')
    .example(
      'hexa sweep --explore 0,0.1,0.2 --threshold 0.6:0.95:0.05 --replicates 100',
      'a grid of 24 cells on all cores',
    )
    .example('hexa envs', 'list environments')
    .example('hexa check-env ./docs/examples/lock-world.mjs', 'check a plugin world against the environment contract')
    .example('hexa report out/run-1', 'charts, summary.csv and index.html for a result folder')
    .example('hexa limits --bits 4', 'exact bounds: optimal and consistent openers, random guessing')
    .example('hexa matrix --replicates 200', 'the HExA matrix: offline|off2on|online × static|iterative|evolving')
    .epilogue(`Every run is seeded: the same flags and --seed give byte-identical output.\n${EXIT_STATUS}`)
    .wrap(Math.min(110, process.stdout.columns ?? 110))
    .fail((message, error) => {
      if (error instanceof UsageError) fail(error.message);
      if (error) throw error;
      fail(usageLine(message ?? 'bad command line'));
    });
  skipHelpCache(cli);
  try {
    await cli.parseAsync();
  } catch (e) {
    if (e instanceof UsageError) fail(e.message);
    throw e;
  }
}

await main();
