/**
 * The flags that describe one run (`hexa run`; `hexa sweep` accepts lists of the same flags), read off the
 * run's parameter declarations (sim/experiment/config.ts, sim/agent/agentConfig.ts and the files beside
 * them): the flags' help and order, their validation, and the configuration they build.
 *
 * A run's settings are first gathered as text per flag, then turned into a Run by `configFrom`, which
 * validates every value and names the flag on error. Keeping the text form lets a sweep expand lists and
 * ranges per flag and reuse exactly the same validation.
 */
import type { Options } from 'yargs';
import { paramErrorOf, type EnvParams, type EnvSpec } from '../../sim/core/world/env.js';
import { resolveEnvParams } from '../../sim/core/world/params.js';
// `--env` is looked up among the built-in worlds, which the store knows only once envs/install.ts has run: imported
// here, however the flags are read (a program, a test's fresh module graph, the explorer's page), they are known.
import '../../envs/install.js';
import { envIds, findEnv, type ModuleRef } from '../../sim/agent/moduleStore.js';
import { SECTIONS, type Param, type ParamKind } from '../../sim/core/params/declaration.js';
import { defaultText, parseParam, placedParams, readValues } from '../../sim/core/params/read.js';
import { AGENT_PARAMS } from '../../sim/agent/agentConfig.js';
import { normalizeRun, PROTOCOL_PARAMS, RUN_PARAMS, WORLD_PARAMS, type Run } from '../../sim/experiment/config.js';
import { msg, UsageError } from '../../sim/core/messages.js';
import { single } from './flags.js';
import { envModule, isModulePath, policyModule } from './modules.js';
import { crossCheck } from './crossCheck.js';
import { readSavedLibrary } from '../../sim/experiment/libraryDb/savedLibrary.js';

const SECTION_ORDER = Object.keys(SECTIONS);

/** Every run flag, in the help's order: by section, and within a section in the declarations' order. */
export const RUN_FLAGS: readonly Param[] = placedParams(RUN_PARAMS)
  .map(({ param }) => param)
  .sort((a, b) => SECTION_ORDER.indexOf(a.section) - SECTION_ORDER.indexOf(b.section));

/**
 * `hexa run`'s and `hexa sweep`'s own default for --replicates (a configuration's is 1): one run rarely shows what
 * the agent does — many never learn in 5 rounds, and those guess at random throughout — while 200 give the mean
 * per round with a 95 % interval, for about what one costs to start (docs/reproduction.md, "A first run"); a
 * sweep's cells are compared by those intervals, so a cell of one run could only be "tied" with none. Beside the
 * flags, not in scripts/commands/, so the explorer's page reads them without the commands' modules.
 */
export const COMMAND_DEFAULTS: Readonly<Record<string, string>> = { replicates: '200' };

/** Settings as text, per flag name (flags not given are absent). */
export type RunSettings = Readonly<Record<string, string>>;

/** The kinds whose flag takes one number (listed as [number] in the help; `numbers` takes several joined by '/'). */
const NUMBER_KINDS: readonly ParamKind[] = ['integer', 'decimal', 'rate', 'share'];

/**
 * yargs option definitions for the run flags, all read as text (numbers too: see `numbersAsText`) and
 * validated by `configFrom`. With `lists` (hexa sweep), every flag but the single-valued ones also accepts a
 * list or range, so it is text in the help as well, and a boolean is text there too (`--library true,false`;
 * `--no-library` still gives false). `defaults` are a command's own defaults for some flags, shown in their help.
 */
export function runFlagOptions(
  lists = false,
  defaults: Readonly<Record<string, string>> = {},
): Record<string, Options> {
  const out: Record<string, Options> = {};
  for (const p of RUN_FLAGS) {
    const group = SECTIONS[p.section];
    const def = defaults[p.flag] ?? defaultText(p);
    const describe = def === undefined ? p.help : `${p.help} [default: ${def}]`;
    out[p.flag] =
      p.kind === 'boolean' && !lists
        ? { type: 'boolean', group, describe: p.help }
        : { type: !lists && NUMBER_KINDS.includes(p.kind) ? 'number' : 'string', group, describe };
  }
  out.param = {
    type: 'string',
    array: true,
    group: SECTIONS.world,
    describe: lists
      ? 'environment parameter, name=value or name=v1,v2 (repeatable)'
      : 'other environment parameter, name=value (repeatable)',
  };
  return out;
}

/** One run flag's text from parsed argv (undefined when not given). */
export function flagText(p: Param, value: unknown): string | undefined {
  if (p.kind === 'boolean') {
    // A boolean from --library/--no-library, or text in a sweep ('' when given bare).
    if (value === undefined) return undefined;
    if (typeof value === 'boolean') return String(value);
    const text = single(p.flag, value);
    return text === '' ? 'true' : text;
  }
  return single(p.flag, value);
}

/** Gather the run flags from parsed argv as text. */
export function settingsFromArgv(argv: Record<string, unknown>): RunSettings {
  const out: Record<string, string> = {};
  for (const p of RUN_FLAGS) {
    const text = flagText(p, argv[p.flag]);
    if (text !== undefined) out[p.flag] = text;
  }
  return out;
}

/** `--param name=value` pairs. */
export function envParamsFromArgv(argv: Record<string, unknown>): Record<string, string> {
  const raw = argv.param;
  const list = raw === undefined ? [] : Array.isArray(raw) ? raw.map(String) : [String(raw)];
  const out: Record<string, string> = {};
  for (const item of list) {
    const eq = item.indexOf('=');
    if (eq <= 0) throw new UsageError(msg.badParam(item));
    const name = item.slice(0, eq);
    if (out[name] !== undefined && out[name] !== item.slice(eq + 1))
      throw new UsageError(msg.paramRepeated(name, `${name}=${out[name]}`, item));
    out[name] = item.slice(eq + 1);
  }
  return out;
}

/** Validate settings and build the run's configuration, normalized. Throws UsageError naming the flag and value. */
export function configFrom(settings: RunSettings, extraEnvParams: Readonly<Record<string, string>> = {}): Run {
  const modules: ModuleRef[] = [];
  // A Map, because a plan asks each cell's few settings for every flag, and keyed loads of absent properties
  // from objects of many shapes are slow.
  const texts = new Map(Object.entries(settings));
  const given = (flag: string): string | undefined => texts.get(flag);
  const spec = envFrom(given(WORLD_PARAMS.env.flag) ?? WORLD_PARAMS.env.default, modules);
  const envParams = worldParams(spec, settings, extraEnvParams);
  // A policy's text is a built-in name or a module file (whose reference joins `modules`); a saved library's
  // file joins them too, and the configuration names it by its normalized value.
  const read = (p: Param, text: string): unknown => {
    if (p.kind === 'file') {
      const saved = readSavedLibrary(p.flag, text);
      modules.push(saved.ref);
      return saved.value;
    }
    if (p.kind !== 'policy' || !isModulePath(text)) return parseParam(p, text);
    const found = policyModule(p.flag, text);
    modules.push(found.ref);
    return found.name;
  };
  const agent = readValues(AGENT_PARAMS, given, read, [...texts.keys()]);
  crossCheck(agent, settings, spec, envParams);
  return normalizeRun({
    env: spec.id,
    envParams,
    ...readValues(PROTOCOL_PARAMS, given),
    agent,
    ...(modules.length > 0 ? { modules } : {}),
  });
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

/** The flags whose text goes to the world as a parameter of the same name (`--bits`, `--truth`). */
const TO_WORLD = RUN_FLAGS.filter((p) => p.toWorld === true).map((p) => p.flag);

/** The world's parameters, resolved by the world from `--param` and the flags that go to it. */
function worldParams(spec: EnvSpec, settings: RunSettings, extra: Readonly<Record<string, string>>): EnvParams {
  const raw: Record<string, string> = { ...extra };
  for (const flag of TO_WORLD) {
    const text = settings[flag];
    if (text === undefined) continue;
    // `--bits 6 --param bits=4` names one parameter twice: neither is picked silently.
    if (extra[flag] !== undefined && extra[flag] !== text)
      throw new UsageError(msg.paramTwice(flag, text, `${flag}=${extra[flag]}`));
    raw[flag] = text;
  }
  try {
    return resolveEnvParams(spec, raw);
  } catch (e) {
    const error = paramErrorOf(e);
    if (error === null) throw e;
    const flag = TO_WORLD.includes(error.param) ? error.param : 'param';
    throw new UsageError(msg.envParam(flag, `${spec.id}: ${error.message}`));
  }
}
