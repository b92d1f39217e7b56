/**
 * The explorer's link: the page's state in its URL's hash — hexa-sim's version, the view, and the configuration
 * in the CLI's own flag names (`#v=0.1.0&view=run&env=drift-lock-v1&explore=0.1&seed=7`) — and the same
 * configuration as a `hexa` command line, both ways. Values are checked by the CLI's code (`configFrom`), so a bad
 * one gives the CLI's own line. Nothing here touches a host: the page and the tests run it as it is.
 */
import { msg, UsageError } from '../../sim/core/messages.js';
import type { Param } from '../../sim/core/params/declaration.js';
import { configFrom, COMMAND_DEFAULTS, RUN_FLAGS, type RunSettings } from '../config/runOptions.js';
import { isModulePath } from '../config/modules.js';
import { unknownFlags } from '../program/usageErrors.js';
import type { Run } from '../../sim/experiment/config.js';

/** The page's views; without `view` in a link, the run view. */
export const VIEWS = ['run', 'sweep', 'reproduce'] as const;
export type View = (typeof VIEWS)[number];

/** The prefix of the second arm's flags in a link (`b.explore=0.2`): the arm compared with the first. */
export const ARM_B = 'b.';

/** What a link holds. Settings are flag text as typed (absent: the flag's default, as on the command line). */
export interface Link {
  readonly version: string;
  readonly view: View;
  readonly settings: RunSettings;
  /** `--param name=value` pairs (a world's parameters without a flag of their own). */
  readonly params: Readonly<Record<string, string>>;
  /** The second arm's flags that differ from the first's, or null when there is no second arm. */
  readonly armB: RunSettings | null;
  /** Worker threads the page runs replicates on (the page's own: no output depends on it). */
  readonly workers?: number;
}

const BY_FLAG: ReadonlyMap<string, Param> = new Map(RUN_FLAGS.map((p) => [p.flag, p]));
/** Keys of a link that are not run flags. */
const PAGE_KEYS = ['v', 'view', 'param', 'workers'];

/** A flag the page cannot take: a module file or a saved library needs files (the CLI runs them). */
function refuseFiles(flag: string, text: string): void {
  const p = BY_FLAG.get(flag);
  if (p === undefined) return;
  const file = p.kind === 'file' || ((p.kind === 'world' || p.kind === 'policy') && isModulePath(text));
  if (file) throw new UsageError(msg.explorerNoFiles(flag, text));
}

/** `hexa: LINE`, the line the CLI prints for a usage error, or the error itself when it is not one. */
export function cliLine(e: unknown): string {
  if (e instanceof UsageError) return `hexa: ${e.message}`;
  throw e;
}

/** The hash's pairs (without '#'), in order; a key may repeat (`param`). */
function pairs(hash: string): [string, string][] {
  return [...new URLSearchParams(hash.replace(/^#/, '')).entries()];
}

/** Read a link's hash. Throws UsageError for an unknown key, a bad view or a file the page cannot read. */
export function readLink(hash: string, version: string): Link {
  const settings: Record<string, string> = {};
  const armB: Record<string, string> = {};
  const params: Record<string, string> = {};
  let view: View = 'run';
  let linkVersion = version;
  let workers: number | undefined;
  const unknown: string[] = [];
  for (const [key, value] of pairs(hash)) {
    const isB = key.startsWith(ARM_B);
    const flag = isB ? key.slice(ARM_B.length) : key;
    if (key === 'v') linkVersion = value;
    else if (key === 'view') {
      if (!(VIEWS as readonly string[]).includes(value)) throw new UsageError(msg.explorerView(value, VIEWS));
      view = value as View;
    } else if (key === 'workers') {
      const n = Number(value);
      if (!Number.isInteger(n) || n < 1 || n > 64) throw new UsageError(msg.explorerWorkers(value));
      workers = n;
    } else if (key === 'param') {
      const eq = value.indexOf('=');
      if (eq <= 0) throw new UsageError(msg.badParam(value));
      params[value.slice(0, eq)] = value.slice(eq + 1);
    } else if (BY_FLAG.has(flag)) {
      refuseFiles(flag, value);
      (isB ? armB : settings)[flag] = value;
    } else unknown.push(flag);
  }
  if (unknown.length > 0)
    throw new UsageError(unknownFlags(unknown, { command: 'run', flags: [...BY_FLAG.keys(), ...PAGE_KEYS] }));
  return {
    version: linkVersion,
    view,
    settings,
    params,
    armB: Object.keys(armB).length > 0 ? armB : null,
    ...(workers !== undefined ? { workers } : {}),
  };
}

/** The run a link's first arm names, checked as `hexa run` checks it (its defaults: 200 replicates). */
export function runOf(settings: RunSettings, params: Readonly<Record<string, string>>): Run {
  for (const [flag, text] of Object.entries(settings)) refuseFiles(flag, text);
  return configFrom({ ...COMMAND_DEFAULTS, ...settings }, params);
}

/**
 * The second arm: the first's flags with the second's on top, on the first's replicates (the two are compared
 * replicate by replicate).
 */
export function armBSettings(link: Pick<Link, 'settings' | 'armB'>): RunSettings | null {
  if (link.armB === null) return null;
  const { replicates: _, ...b } = link.armB;
  return { ...link.settings, ...b };
}

/** The hash of a link, keys in a fixed order (version, view, the flags in the help's order, params, arm B). */
export function linkHash(link: Link): string {
  const out = new URLSearchParams();
  out.append('v', link.version);
  if (link.view !== 'run') out.append('view', link.view);
  for (const p of RUN_FLAGS) {
    const text = link.settings[p.flag];
    if (text !== undefined) out.append(p.flag, text);
  }
  for (const [name, value] of Object.entries(link.params)) out.append('param', `${name}=${value}`);
  for (const p of RUN_FLAGS) {
    const text = link.armB?.[p.flag];
    if (text !== undefined) out.append(`${ARM_B}${p.flag}`, text);
  }
  if (link.workers !== undefined) out.append('workers', String(link.workers));
  // Commas, slashes and colons read better unescaped, and URLs allow them in a fragment.
  return out.toString().replace(/%2C/g, ',').replace(/%2F/g, '/').replace(/%3A/g, ':');
}

/** A word as a shell reads it: quoted when it holds anything but plain characters. */
function shellWord(text: string): string {
  return /^[A-Za-z0-9._/:=,+@%-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}

/** The `hexa run` command line of these settings (flags in the help's order, `--param` after them). */
export function commandOf(settings: RunSettings, params: Readonly<Record<string, string>>, command = 'run'): string {
  const words = ['hexa', command];
  for (const p of RUN_FLAGS) {
    const text = settings[p.flag];
    if (text === undefined) continue;
    if (p.kind === 'boolean' && (text === 'true' || text === 'false'))
      words.push(text === 'true' ? `--${p.flag}` : `--no-${p.flag}`);
    else words.push(`--${p.flag}`, shellWord(text));
  }
  for (const [name, value] of Object.entries(params)) words.push('--param', shellWord(`${name}=${value}`));
  return words.join(' ');
}

/** A command line's words, as a POSIX shell splits it (single and double quotes, backslashes). */
export function shellWords(line: string): string[] {
  const words: string[] = [];
  let word: string | null = null;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (/\s/.test(c)) {
      if (word !== null) words.push(word);
      word = null;
    } else if (c === "'") {
      const end = line.indexOf("'", i + 1);
      if (end < 0) throw new UsageError(msg.explorerQuote(line));
      word = (word ?? '') + line.slice(i + 1, end);
      i = end;
    } else if (c === '"') {
      let j = i + 1;
      let text = '';
      for (; j < line.length && line[j] !== '"'; j++) text += line[j] === '\\' ? line[++j] : line[j];
      if (j >= line.length) throw new UsageError(msg.explorerQuote(line));
      word = (word ?? '') + text;
      i = j;
    } else if (c === '\\') word = (word ?? '') + (line[++i] ?? '');
    else word = (word ?? '') + c;
  }
  if (word !== null) words.push(word);
  return words;
}

/**
 * The settings of a `hexa run …` command line (as `commandOf` writes it, or typed: `--flag value`,
 * `--flag=value`, `--no-library`). Throws UsageError for another command, an unknown flag or a missing value.
 */
export function readCommand(line: string): { settings: RunSettings; params: Readonly<Record<string, string>> } {
  const words = shellWords(line);
  const start = words[0] === 'hexa' || words[0] === 'npx' ? (words[0] === 'npx' ? 2 : 1) : 0;
  if (words[start] !== 'run') throw new UsageError(msg.explorerCommand(words.slice(0, start + 1).join(' ')));
  const settings: Record<string, string> = {};
  const params: Record<string, string> = {};
  const unknown: string[] = [];
  for (let i = start + 1; i < words.length; i++) {
    const word = words[i]!;
    const eq = word.indexOf('=');
    const name = (eq > 0 ? word.slice(0, eq) : word).replace(/^--?/, '');
    const negated = name.startsWith('no-') && BY_FLAG.get(name.slice(3))?.kind === 'boolean';
    const p = BY_FLAG.get(negated ? name.slice(3) : name);
    if (!word.startsWith('-') || (p === undefined && name !== 'param')) {
      unknown.push(word.startsWith('-') ? name : word);
      continue;
    }
    if (p?.kind === 'boolean' && eq < 0) {
      const next = words[i + 1];
      const bare = next !== 'true' && next !== 'false';
      settings[p.flag] = negated ? 'false' : bare ? 'true' : next;
      if (!negated && !bare) i++;
      continue;
    }
    const value = eq > 0 ? word.slice(eq + 1) : words[++i];
    if (value === undefined) throw new UsageError(msg.missingValue(name));
    if (p === undefined) {
      const at = value.indexOf('=');
      if (at <= 0) throw new UsageError(msg.badParam(value));
      params[value.slice(0, at)] = value.slice(at + 1);
    } else settings[p.flag] = value;
  }
  if (unknown.length > 0)
    throw new UsageError(unknownFlags(unknown, { command: 'run', flags: [...BY_FLAG.keys(), 'param'] }));
  return { settings, params };
}
