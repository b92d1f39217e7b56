/**
 * The words a shell completes `hexa …` with (the scripts of program/completionScripts.ts ask for them): command
 * names, a command's flags, and a flag's values where they form a known set — worlds from the registry, built-in
 * policies, every choice a run flag declares, `--format`, `--question`, a world's `--param` names, the shells.
 * Nothing comes back where a value is a file, a folder, a number or free text: the shell then completes file names.
 */
import { envIds, findEnv } from '../../sim/agent/moduleStore.js';
import type { Param } from '../../sim/core/params/declaration.js';
import { RESULT_FORMATS } from '../../reports/parquet/formats.js';
import { QUESTIONS } from '../../reports/skillDb/questions.js';
import { WORLD_PARAMS } from '../../sim/experiment/config.js';
import { RUN_FLAGS } from '../config/runOptions.js';
import { COMMAND_NAMES, commandFlags } from './cli.js';
import { SHELLS } from './completionScripts.js';

/** The flags before any command. */
const TOP_FLAGS = ['--help', '--version', '--debug'];

/** The commands whose flags named like run flags are run flags (`hexa envs --env` takes module files only). */
const RUN_FLAG_COMMANDS = ['run', 'sweep', 'matrix', 'reproduce'];

/** The commands that take `--param name=value` for a world. */
const PARAM_COMMANDS = ['run', 'sweep', 'matrix', 'check-env'];

const RUN_FLAG_BY_NAME = new Map(RUN_FLAGS.map((p) => [p.flag, p]));

/** A run flag's known values: its choices, its built-in policies, the registered worlds, a sweep's booleans. */
function runFlagValues(p: Param): readonly string[] {
  switch (p.kind) {
    case 'choice':
    case 'policy':
      return p.values;
    case 'world':
      return envIds();
    case 'boolean':
      return ['true', 'false'];
    default:
      return [];
  }
}

/** A run flag that is a switch on by default (`--library`). */
function onRunSwitch(flag: string): boolean {
  const p = RUN_FLAG_BY_NAME.get(flag);
  return p?.kind === 'boolean' && p.default;
}

/** `--param`'s names, with their `=`, for the worlds named (`--env ID`, check-env's ids), else the default world's. */
function paramNames(command: string, words: readonly string[]): string[] {
  const named: string[] = [];
  words.forEach((w, i) => {
    if (w === '--env' && words[i + 1] !== undefined) named.push(words[i + 1]!);
    else if (w.startsWith('--env=')) named.push(w.slice('--env='.length));
    else if (command === 'check-env' && !w.startsWith('-') && words[i - 1] !== '--param') named.push(w);
  });
  const worlds = named.flatMap((text) => text.split(',')).filter((id) => findEnv(id) !== undefined);
  const ids = worlds.length > 0 ? worlds : command === 'check-env' ? [] : [WORLD_PARAMS.env.default];
  return [...new Set(ids.flatMap((id) => findEnv(id)!.params.map((p) => `${p.name}=`)))];
}

/** The known values of `flag` in `command` (empty: the shell completes file names, or nothing). */
function flagValues(command: string, flag: string, words: readonly string[]): readonly string[] {
  if (flag === 'format') return RESULT_FORMATS;
  if (flag === 'question' && command === 'library') return QUESTIONS;
  if (flag === 'param' && PARAM_COMMANDS.includes(command)) return paramNames(command, words);
  const p = RUN_FLAG_BY_NAME.get(flag);
  return p !== undefined && RUN_FLAG_COMMANDS.includes(command) ? runFlagValues(p) : [];
}

/** A positional argument's known values (check-env's worlds, completion's shells). */
function positionalValues(command: string): readonly string[] {
  if (command === 'check-env') return envIds();
  if (command === 'completion') return SHELLS;
  return [];
}

/**
 * `values` that complete `typed`. In a sweep a value is a list: after `task,` the last element is completed, the
 * ones before kept (`task,round`).
 */
function matching(values: readonly string[], typed: string, lists: boolean): string[] {
  const cut = lists ? typed.lastIndexOf(',') + 1 : 0;
  const head = typed.slice(0, cut);
  return values.filter((v) => v.startsWith(typed.slice(cut))).map((v) => head + v);
}

/** A word being typed as a flag (`-`, `--`, `--en`), not a value starting with a dash (`-0.5`). */
const isFlag = (word: string): boolean => /^(--?|--?[a-zA-Z].*)$/.test(word);

/**
 * The completions of the last word of `words` (the words after `hexa`, the last one the word being typed). Bash
 * splits `--env=lo` at the `=` (`--env`, `=`, `lo`) and then completes the part after it; zsh and fish keep it one
 * word, completed whole (`--env=lock-v1`).
 */
export async function complete(words: readonly string[]): Promise<string[]> {
  const typed = words.at(-1) ?? '';
  const before = words.slice(0, -1);
  const command = before.find((w) => !w.startsWith('-'));
  if (command === undefined)
    return isFlag(typed) ? matching(TOP_FLAGS, typed, false) : matching(COMMAND_NAMES, typed, false);
  const declared = await commandFlags(command);
  if (declared === undefined) return [];
  const lists = command === 'sweep';
  const valuesOf = (flag: string): readonly string[] =>
    declared.flags.includes(flag) && !declared.switches.includes(flag) ? flagValues(command, flag, words) : [];
  const joined = /^--([^=]+)=(.*)$/.exec(typed);
  if (joined !== null) return matching(valuesOf(joined[1]!), joined[2]!, lists).map((v) => `--${joined[1]}=${v}`);
  // Bash's split of `--flag=value`: the value after a lone `=` word, or the `=` itself with nothing after it yet.
  const last = before.at(-1) ?? '';
  if (last === '=' && before.at(-2)?.startsWith('--')) return matching(valuesOf(before.at(-2)!.slice(2)), typed, lists);
  if (typed === '=' && last.startsWith('--')) return matching(valuesOf(last.slice(2)), '', lists);
  if (last.startsWith('--') && declared.flags.includes(last.slice(2)) && !declared.switches.includes(last.slice(2)))
    return matching(valuesOf(last.slice(2)), typed, lists);
  if (isFlag(typed)) {
    const given = new Set(before.filter((w) => w.startsWith('--')).map((w) => w.replace(/^--(no-)?|=.*$/g, '')));
    const open = declared.flags.filter((f) => !given.has(f) || declared.repeatable.includes(f));
    // `--no-library` (the random control) is a run flag's switch on by default, as `--no-startup` is bench's.
    const on = (f: string): boolean =>
      declared.onByDefault.includes(f) || (RUN_FLAG_COMMANDS.includes(command) && onRunSwitch(f));
    return matching(
      open.flatMap((f) => (on(f) ? [`--${f}`, `--no-${f}`] : [`--${f}`])),
      typed,
      false,
    );
  }
  return matching(positionalValues(command), typed, false);
}
