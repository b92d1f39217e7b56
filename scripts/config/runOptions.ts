/**
 * The flags that describe one run (`hexa run`; `hexa sweep` accepts lists of the same flags).
 *
 * A run's settings are first gathered as text per flag, then turned into a RunConfig by `configFrom`,
 * which validates every value and names the flag on error. Keeping the text form lets a sweep expand
 * lists and ranges per flag and reuse exactly the same validation.
 */
import type { Options } from 'yargs';
import { paramErrorOf, type EnvParams, type EnvSpec } from '../../envs/env.js';
import { envIds, findEnv } from '../../envs/registry.js';
import {
  CADENCES,
  EXPLORE_UNITS,
  ROUTINGS,
  SAMPLE_SETS,
  TEST_TIMINGS,
  TEST_UNITS,
  UPDATES,
  WINDOWS,
} from '../../sim/agent/choices.js';
import { PUBLISHED_AGENT, type AgentConfig } from '../../sim/agent/agentConfig.js';
import { PUBLISHED_RUN, type ModuleRef, type RunConfig } from '../../sim/experiment/config.js';
import { ACTOR_KINDS, actorSupport } from '../../sim/agent/actors/index.js';
import {
  applyMode,
  DEFAULT_PRIOR_ROUNDS,
  LIBRARY_MODES,
  librarySchedule,
  type LibraryMode,
} from '../../sim/agent/modes.js';
import { ReplicateKey } from '../../sim/core/rng.js';
import { parseChoice, parseInteger, parseRate, parseThreshold, single, type RunFlag } from './flags.js';
import { msg, UsageError } from '../../sim/core/messages.js';
import { POLICY_FLAGS, policyAgentFields } from './policyFlags.js';
import { envModule, isModulePath, preloadModules } from './modules.js';

const WORLD = 'World:';
const PROTOCOL = 'Protocol:';
const AGENT = 'Agent (published rules):';
const HIDDEN = 'Hidden choices (the article does not say):';
const MODE = 'Library mode (HExA matrix; sets window and update):';

export const RUN_FLAGS: readonly RunFlag[] = [
  {
    name: 'env',
    group: WORLD,
    default: PUBLISHED_RUN.env,
    describe:
      'environment id (see hexa envs), or an ES module file (.mjs/.js, FILE#id to choose) whose default export is an EnvSpec',
  },
  { name: 'bits', group: WORLD, describe: 'lock length N (default: length of --truth, else 4)' },
  {
    name: 'truth',
    group: WORLD,
    describe: "hidden code, e.g. 1011, or 'random' (default 1011 for 4 bits, else random per replicate)",
  },
  { name: 'rounds', group: PROTOCOL, default: String(PUBLISHED_RUN.rounds), describe: 'rounds per replicate' },
  { name: 'tasks', group: PROTOCOL, default: String(PUBLISHED_RUN.tasks), describe: 'tasks per round' },
  {
    name: 'cap',
    group: PROTOCOL,
    default: String(PUBLISHED_RUN.cap),
    describe: 'attempt cap per task (an unsolved task counts the cap)',
  },
  { name: 'seed', group: PROTOCOL, default: String(PUBLISHED_RUN.seed), describe: 'seed (non-negative integer)' },
  {
    name: 'replicates',
    group: PROTOCOL,
    default: '1',
    describe: 'independent replicates (each its own random streams)',
  },
  {
    name: 'actor',
    group: AGENT,
    default: PUBLISHED_AGENT.actor,
    choices: ACTOR_KINDS,
    describe:
      'guesses inside a task: published (blind to feedback), consistent (uniform among codes consistent with it), optimal (exact, ≤ 8 bits)',
  },
  {
    name: 'library',
    group: AGENT,
    default: 'true',
    describe: 'use the skill library; --no-library is the random control',
    choices: ['true', 'false'],
  },
  { name: 'good-score', group: AGENT, describe: "feedback counted as high-score (default: the env's max score − 1)" },
  {
    name: 'min-evidence',
    group: AGENT,
    default: String(PUBLISHED_AGENT.minEvidence),
    describe: 'fewer high-score samples than this: no skills',
  },
  {
    name: 'threshold',
    group: AGENT,
    default: String(PUBLISHED_AGENT.threshold),
    describe: 'share at a position that makes a skill, in (0, 1]',
  },
  {
    name: 'top-k',
    group: AGENT,
    default: String(PUBLISHED_AGENT.topK),
    describe: 'skills the Retriever merges into the constraint',
  },
  {
    name: 'explore',
    group: AGENT,
    default: String(PUBLISHED_AGENT.explore),
    describe: 'probability that an attempt ignores the constraint, in [0, 1]',
  },
  {
    name: 'explore-unit',
    group: HIDDEN,
    default: PUBLISHED_AGENT.exploreUnit,
    choices: EXPLORE_UNITS,
    describe: 'exploration decided per attempt or per task',
  },
  {
    name: 'cadence',
    group: HIDDEN,
    default: PUBLISHED_AGENT.cadence,
    choices: CADENCES,
    describe: 'the Evolver runs after every task or every round',
  },
  {
    name: 'window',
    group: HIDDEN,
    default: PUBLISHED_AGENT.window,
    choices: WINDOWS,
    describe: 'samples it reads: whole history or current round',
  },
  {
    name: 'routing',
    group: HIDDEN,
    default: PUBLISHED_AGENT.routing,
    choices: ROUTINGS,
    describe: 'exploration samples shared with the Evolver or kept separate',
  },
  {
    name: 'update',
    group: HIDDEN,
    default: PUBLISHED_AGENT.update,
    choices: UPDATES,
    describe: 'a new evolution replaces the library or merges into it',
  },
  {
    name: 'samples',
    group: HIDDEN,
    default: PUBLISHED_AGENT.samples,
    choices: SAMPLE_SETS,
    describe: 'count every high-score sample, or distinct codes only',
  },
  {
    name: 'test-unit',
    group: HIDDEN,
    default: PUBLISHED_AGENT.testUnit,
    choices: TEST_UNITS,
    describe: 'a skill test is each high-score sample (high) or every attempt (any)',
  },
  {
    name: 'test-at',
    group: HIDDEN,
    default: PUBLISHED_AGENT.testAt,
    choices: TEST_TIMINGS,
    describe: 'tests counted as attempts are recorded, or at each evolution against the attempts since the last',
  },
  ...POLICY_FLAGS,
  {
    name: 'mode',
    group: MODE,
    default: PUBLISHED_AGENT.mode,
    choices: LIBRARY_MODES,
    describe: 'offline|off2on|online × static|iterative|evolving; none: window and update as their flags say',
  },
  {
    name: 'prior-rounds',
    group: MODE,
    default: String(DEFAULT_PRIOR_ROUNDS),
    describe: 'rounds of the prior batch that builds the library in offline and off2on modes',
  },
];

/** Settings as text, per flag name (flags not given are absent). */
export type RunSettings = Readonly<Record<string, string>>;

/** Flags that take exactly one value even in a sweep: the seed and the replicate count are the replicate axis. */
export const SINGLE_VALUED = new Set(['seed', 'replicates']);

/**
 * yargs option definitions for the run flags, all read as text and validated by `configFrom`. With
 * `lists` (hexa sweep), every flag but the single-valued ones also accepts a list or range, so `library`
 * is text there too (`--library true,false`; `--no-library` still gives false).
 */
export function runFlagOptions(lists = false): Record<string, Options> {
  const out: Record<string, Options> = {};
  for (const f of RUN_FLAGS) {
    const def = f.default !== undefined ? ` [default: ${f.default}]` : '';
    out[f.name] =
      f.name === 'library' && !lists
        ? { type: 'boolean', group: f.group, describe: f.describe }
        : { type: 'string', group: f.group, describe: f.describe + def };
  }
  out.param = {
    type: 'string',
    array: true,
    group: WORLD,
    describe: lists
      ? 'environment parameter, name=value or name=v1,v2 (repeatable)'
      : 'other environment parameter, name=value (repeatable)',
  };
  return out;
}

/** One run flag's text from parsed argv (undefined when not given). */
export function flagText(name: string, value: unknown): string | undefined {
  if (name === 'library') {
    // A boolean from --library/--no-library, or text in a sweep ('' when given bare).
    if (value === undefined) return undefined;
    if (typeof value === 'boolean') return String(value);
    const text = single(name, value);
    return text === '' ? 'true' : text;
  }
  return single(name, value);
}

/** Gather the run flags from parsed argv as text. */
export function settingsFromArgv(argv: Record<string, unknown>): RunSettings {
  const out: Record<string, string> = {};
  for (const f of RUN_FLAGS) {
    const text = flagText(f.name, argv[f.name]);
    if (text !== undefined) out[f.name] = text;
  }
  return out;
}

/** The run flags of argv as text, with every module file they name loaded (and its worlds checked). */
export async function loadedSettings(argv: Record<string, unknown>): Promise<RunSettings> {
  const settings = settingsFromArgv(argv);
  await preloadModules(Object.entries(settings).map(([name, text]) => ({ name, text })));
  return settings;
}

/** `--param name=value` pairs. */
export function envParamsFromArgv(argv: Record<string, unknown>): Record<string, string> {
  const raw = argv.param;
  const list = raw === undefined ? [] : Array.isArray(raw) ? raw.map(String) : [String(raw)];
  const out: Record<string, string> = {};
  for (const item of list) {
    const eq = item.indexOf('=');
    if (eq <= 0) throw new UsageError(msg.badParam(item));
    out[item.slice(0, eq)] = item.slice(eq + 1);
  }
  return out;
}

const text = (settings: RunSettings, name: string): string =>
  settings[name] ?? RUN_FLAGS.find((f) => f.name === name)?.default ?? '';

/** Validate settings and build the run's configuration. Throws UsageError naming the flag and value. */
export function configFrom(settings: RunSettings, extraEnvParams: Readonly<Record<string, string>> = {}): RunConfig {
  const modules: ModuleRef[] = [];
  const spec = envFrom(text(settings, 'env'), modules);

  const rawParams: Record<string, string> = { ...extraEnvParams };
  for (const name of ['bits', 'truth']) if (settings[name] !== undefined) rawParams[name] = settings[name]!;
  let envParams: EnvParams;
  try {
    envParams = spec.resolve(rawParams);
  } catch (e) {
    const error = paramErrorOf(e);
    if (error !== null) {
      const flag = error.param === 'bits' || error.param === 'truth' ? error.param : 'param';
      throw new UsageError(msg.envParam(flag, `${spec.id}: ${error.message}`));
    }
    throw e;
  }

  const actor = parseChoice('actor', text(settings, 'actor'), ACTOR_KINDS);
  if (actor !== PUBLISHED_AGENT.actor) {
    // The world's action space decides whether in-task reasoning is exact and affordable.
    const probe = spec.create(envParams, new ReplicateKey(0, 0).stream('world'));
    const why = actorSupport(actor, spec, probe.space);
    if (why !== null) throw new UsageError(msg.actorUnsupported(why));
  }

  const { mode, priorRounds } = libraryModeFrom(settings);
  const goodScoreText = settings['good-score'];
  const agent: AgentConfig = applyMode({
    actor,
    mode,
    priorRounds,
    library: parseChoice('library', text(settings, 'library'), ['true', 'false']) === 'true',
    goodScore: goodScoreText === undefined ? null : parseInteger('good-score', goodScoreText, 0),
    minEvidence: parseInteger('min-evidence', text(settings, 'min-evidence'), 0),
    threshold: parseThreshold('threshold', text(settings, 'threshold')),
    topK: parseInteger('top-k', text(settings, 'top-k'), 0),
    explore: parseRate('explore', text(settings, 'explore')),
    exploreUnit: parseChoice('explore-unit', text(settings, 'explore-unit'), EXPLORE_UNITS),
    cadence: parseChoice('cadence', text(settings, 'cadence'), CADENCES),
    window: parseChoice('window', text(settings, 'window'), WINDOWS),
    routing: parseChoice('routing', text(settings, 'routing'), ROUTINGS),
    update: parseChoice('update', text(settings, 'update'), UPDATES),
    samples: parseChoice('samples', text(settings, 'samples'), SAMPLE_SETS),
    testUnit: parseChoice('test-unit', text(settings, 'test-unit'), TEST_UNITS),
    testAt: parseChoice('test-at', text(settings, 'test-at'), TEST_TIMINGS),
    ...policyAgentFields((name) => text(settings, name), modules),
  });
  // In-task reasoning assumes every code can be submitted; a circuit breaker disabling values is not modelled.
  if (actor !== 'published' && agent.breaker.failures > 0) throw new UsageError(msg.actorWithBreaker(actor));
  return {
    env: spec.id,
    envParams,
    rounds: parseInteger('rounds', text(settings, 'rounds'), 1, 1_000_000),
    tasks: parseInteger('tasks', text(settings, 'tasks'), 1, 1_000_000_000),
    cap: parseInteger('cap', text(settings, 'cap'), 1, 1_000_000_000),
    seed: parseInteger('seed', text(settings, 'seed'), 0, 2 ** 53 - 1),
    replicates: parseInteger('replicates', text(settings, 'replicates'), 1, 100_000_000),
    agent,
    ...(modules.length > 0 ? { modules } : {}),
  };
}

/** The world `--env` names: a registered id, or a module file (whose reference joins `modules`). */
function envFrom(value: string, modules: ModuleRef[]): EnvSpec {
  if (isModulePath(value)) {
    const { spec, ref } = envModule(value);
    modules.push(ref);
    return spec;
  }
  const spec = findEnv(value);
  if (spec === undefined) throw new UsageError(msg.unknownEnv(value, envIds()));
  return spec;
}

/** `--mode` and `--prior-rounds`; a mode sets window and update itself, so those flags may not be given too. */
function libraryModeFrom(settings: RunSettings): { mode: LibraryMode; priorRounds: number } {
  const mode = parseChoice('mode', text(settings, 'mode'), LIBRARY_MODES);
  if (mode !== 'none')
    for (const flag of ['window', 'update'])
      if (settings[flag] !== undefined) throw new UsageError(msg.conflicting('mode', flag));
  const prior = parseInteger('prior-rounds', text(settings, 'prior-rounds'), 0, 1_000_000);
  return { mode, priorRounds: librarySchedule({ mode, priorRounds: prior }).priorRounds };
}
