/**
 * Each command of `hexa`: how it is typed and what it does — all that `hexa --help` shows of it — and where the
 * rest lives (its flags and its work), imported only when the command is typed. So `hexa --version`, `hexa --help`
 * and each command start without the modules of the twelve others (the sweep's Parquet tables, the report's
 * charts, the explorer's page…), which every process started used to load and compile.
 */
import type { CommandModule } from 'yargs';

export interface CommandEntry {
  /** As yargs reads it: the name, then the positionals (`check-env <targets..>`). */
  readonly command: string;
  readonly describe: string;
  /** The command's module: its builder (flags, examples) and handler. */
  readonly load: () => Promise<CommandModule>;
}

export const COMMAND_TABLE: readonly CommandEntry[] = [
  {
    command: 'reproduce',
    describe:
      'the published 4-bit-lock benchmark beside the simulator, with single-run percentiles, ending with the verdict ' +
      '(npm start)',
    load: async () => (await import('../commands/reproduce.js')).reproduceCommand as CommandModule,
  },
  {
    command: 'run',
    describe: 'run one configuration (the published agent by default) and print a per-round table',
    load: async () => (await import('../commands/run.js')).runCommand as CommandModule,
  },
  {
    command: 'sweep',
    describe: 'run a grid of configurations (lists and ranges of any run flag) in parallel, resumable and shardable',
    load: async () => (await import('../commands/sweep.js')).sweepCommand as CommandModule,
  },
  {
    command: 'merge <dirs..>',
    describe: 'join the shard folders of one sweep into one folder (byte-identical to an unsharded sweep)',
    load: async () => (await import('../commands/merge.js')).mergeCommand as CommandModule,
  },
  {
    command: 'envs',
    describe: 'list the registered environments, their parameters and defaults',
    load: async () => (await import('../commands/envs.js')).envsCommand as CommandModule,
  },
  {
    command: 'check-env <targets..>',
    describe: 'check worlds against the environment contract (determinism, score ranges, solved iff the truth, …)',
    load: async () => (await import('../commands/checkEnv.js')).checkEnvCommand as CommandModule,
  },
  {
    command: 'bench',
    describe:
      'measure the engine against a bare loop (one core), start-up, and the audit and sweep speed-ups with 2 workers',
    load: async () => (await import('../commands/bench.js')).benchCommand as CommandModule,
  },
  {
    command: 'report <dir> [more..]',
    describe:
      'charts, summary.csv and an offline index.html for a run, sweep or reproduce folder; one page comparing ' +
      'several',
    load: async () => (await import('../commands/report.js')).reportCommand as CommandModule,
  },
  {
    command: 'library <file>',
    describe: "a skill database's skills: one replicate's lives as a table, the library it ended with, or a question",
    load: async () => (await import('../commands/library.js')).libraryCommand as CommandModule,
  },
  {
    command: 'limits',
    describe: 'exact bounds for the N-bit lock: optimal and consistent openers, random guessing',
    load: async () => (await import('../commands/limits.js')).limitsCommand as CommandModule,
  },
  {
    command: 'matrix',
    describe:
      'the HExA configuration matrix (offline|off2on|online × static|iterative|evolving): success rate and mean ' +
      'attempts, mean ± sd over runs',
    load: async () => (await import('../commands/matrix.js')).matrixCommand as CommandModule,
  },
  {
    command: 'explorer',
    describe:
      'write the explorer: the simulator in one offline web page (controls, live curves, a link that reproduces)',
    load: async () => (await import('../explorer/command.js')).explorerCommand as CommandModule,
  },
  {
    command: 'completion [shell]',
    describe: 'print a shell completion script (bash, zsh or fish; default: your $SHELL): see docs/cli.md',
    load: async () => (await import('./completionScripts.js')).completionCommand as CommandModule,
  },
];
