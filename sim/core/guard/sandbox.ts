/**
 * What plugin code may not do to the thread it runs on, held in one place:
 *
 *   - end it: `process.exit(n)` called from plugin code throws a PluginExit instead (the hook's guard turns it
 *     into a PluginError naming the module and the hook), and is remembered, so a plugin that catches the
 *     throw still fails the work it was in;
 *   - write on hexa's standard output: `process.stdout.write` (and so `console.log`) from plugin code goes to
 *     standard error, each line prefixed with the plugin's name, so `--json` and `--csv -` stay parseable;
 *   - change the language's built-ins (builtins.ts): compared with a fingerprint taken before its code ran.
 *
 * Which code is the plugin's: on a watched pool's worker, which runs plugin code (see serve.ts in
 * sim/core/parallel), everything but hexa's own exits, since hexa's code there neither exits nor prints; on
 * the command's own thread the code inside `asPlugin` (a module's load, the environment checker), `hostJob` (a
 * reproduction's runs) or a hook's guard (the heartbeat's counter is odd there: heartbeat.ts). The thread's
 * host makes the replacements once a thread, when it first holds a plugin (Node's: processGuard.ts in
 * sim/core/host/node), and passes everything else through untouched; the fingerprint needs no host. A guard
 * against accidents, not a security boundary (docs/reliability.md).
 */
import { changedBuiltins, fingerprint, type Fingerprint } from './builtins.js';
import { hookName, restBeat, threadHeartbeat } from './heartbeat.js';
import { installedHost } from '../host/host.js';

/** What `process.exit` throws when plugin code calls it. */
export class PluginExit extends Error {
  /** The hook (or module) that called it, as the heartbeat or the scope named it then. */
  readonly by: string = inPlugin() ? runningName() : 'plugin';

  constructor(readonly code: unknown) {
    super(`called process.exit(${String(code ?? '')}): a plugin may not end hexa (throw an Error to stop a run)`);
    this.name = 'PluginExit';
  }
}

let installed = false;
/** The whole thread is held (a watched pool's worker). */
let wholeThread = false;
/** Names of the `asPlugin` scopes open, innermost last. */
const scopes: string[] = [];
/** The modules loaded on this thread (for a change found after a run, which no single hook is known for). */
const loaded = new Set<string>();
/** An exit a plugin called and caught, not yet reported. */
let swallowed: PluginExit | null = null;
/** The thread's fingerprint of the built-ins, taken when it was held whole. */
let threadPrint: Fingerprint | null = null;
let atLineStart = true;

/** Whether the code running now is a plugin's. */
function inPlugin(): boolean {
  return wholeThread || scopes.length > 0 || (threadHeartbeat().cells[0]! & 1) === 1;
}

/** Who is running, for the prefix of what it prints. */
function runningName(): string {
  const cells = threadHeartbeat().cells;
  const named = (cells[0]! & 1) === 1 || cells[1] !== 0 ? hookName(cells[1]!) : undefined;
  return named ?? scopes.at(-1) ?? ([...loaded].join(', ') || 'plugin');
}

/** `text`, each line prefixed with the name of the plugin that printed it. */
function prefixed(text: string): string {
  const prefix = `[plugin ${runningName()}] `;
  let out = '';
  for (const part of text.split(/(?<=\n)/)) {
    if (atLineStart) out += prefix;
    out += part;
    atLineStart = part.endsWith('\n');
  }
  return out;
}

/**
 * Hold the thread's process (once): its host sends exits and standard output made while plugin code runs here
 * (Node's: sim/core/host/node/processGuard.ts); a host without a process, or none, has nothing to hold.
 */
export function holdPlugins(): void {
  if (installed) return;
  installed = true;
  installedHost()?.guardProcess?.({
    inPlugin,
    exitCalled: (code) => {
      swallowed = new PluginExit(code);
      return swallowed;
    },
    printed: prefixed,
  });
}

/**
 * This thread runs only jobs that call plugin code (a watched pool's worker), held from now on, its built-ins
 * fingerprinted before any plugin is loaded here.
 */
export function holdThread(): void {
  holdPlugins();
  wholeThread = true;
  threadPrint = fingerprint();
}

/** After a job held by `hostJob`: what its plugin code did that it may not outranks what it returned or threw. */
function settle<T>(at: ReturnType<typeof enter>, outcome: { value: T } | { error: unknown }): T {
  const t = leave(HOST_JOB, at);
  restBeat();
  if (t !== null) {
    const who = t.changed.length === 0 && t.exit !== null ? t.exit.by : [...loaded].join(', ');
    throw new Error(`${who}: ${trespassText(t)}`);
  }
  if ('error' in outcome) throw outcome.error;
  return outcome.value;
}

const HOST_JOB = 'plugin code';

/**
 * Work that may run plugin code on a thread not held whole (the command's own: a reproduction's runs, a pool's
 * job run beside its workers): while it runs, its plugin code is held as on a worker; after, what it did that
 * it may not fails the work. Costs nothing where no plugin was loaded.
 */
export function hostJobNow<T>(run: () => T): T {
  if (wholeThread || loaded.size === 0) return run();
  const at = enter(HOST_JOB);
  let outcome: { value: T } | { error: unknown };
  try {
    outcome = { value: run() };
  } catch (e) {
    outcome = { error: e };
  }
  return settle(at, outcome);
}

/** The same, for a job that may return a promise. */
export async function hostJob<T>(run: () => T | Promise<T>): Promise<T> {
  if (wholeThread || loaded.size === 0) return run();
  const at = enter(HOST_JOB);
  let outcome: { value: T } | { error: unknown };
  try {
    outcome = { value: await run() };
  } catch (e) {
    outcome = { error: e };
  }
  return settle(at, outcome);
}

/** `e`, thrown by plugin code, reached a guard (which reports it): if it is the exit called, it was not caught. */
export function reportedExit(e: unknown): void {
  if (e === swallowed) swallowed = null;
}

/** Whether this thread is held whole (a watched pool's worker). */
export const threadIsHeld = (): boolean => wholeThread;

/** What plugin code did to the thread that it may not: an exit it caught, built-ins it changed (put back). */
export interface Trespass {
  readonly exit: PluginExit | null;
  readonly changed: readonly string[];
}

const trespass = (exit: PluginExit | null, changed: readonly string[]): Trespass | null =>
  exit === null && changed.length === 0 ? null : { exit, changed };

/** One line for a trespass: what was changed, or the exit. */
export function trespassText(t: Trespass): string {
  if (t.changed.length === 0) return t.exit!.message;
  const shown = t.changed.length > 6 ? [...t.changed.slice(0, 5), `… ${t.changed.length - 5} more`] : t.changed;
  return (
    `changed the language's built-ins hexa's output relies on: ${shown.join(', ')} ` +
    '(put back; a plugin may not patch them)'
  );
}

/** Into a scope of plugin code named `name`: what to compare and restore on the way out. */
function enter(name: string): { print: Fingerprint; outer: PluginExit | null } {
  holdPlugins();
  const print = fingerprint();
  const outer = swallowed;
  swallowed = null;
  scopes.push(name);
  return { print, outer };
}

/** Out of it: the built-ins put back, and what the code did that it may not (also when it threw). */
function leave(name: string, at: { print: Fingerprint; outer: PluginExit | null }): Trespass | null {
  scopes.splice(scopes.lastIndexOf(name), 1);
  const exit = swallowed;
  swallowed = at.outer;
  return trespass(exit, changedBuiltins(at.print));
}

/**
 * Run `run` (a module's load) as plugin code named `name` — the module as the user named it — and say what
 * it did that it may not (null when nothing): its built-ins are compared with a fingerprint taken before it
 * ran, and put back. `run` may return a promise: the scope lasts until it settles. What it throws is thrown
 * as it is, the built-ins put back first.
 */
export async function asPlugin<T>(name: string, run: () => T | Promise<T>): Promise<[T, Trespass | null]> {
  loaded.add(name);
  const at = enter(name);
  let value: T;
  try {
    value = await run();
  } catch (e) {
    leave(name, at);
    throw e;
  }
  return [value, leave(name, at)];
}

/** The same, for code that must stay synchronous (the environment checker's, within its deadline). */
export function asPluginNow<T>(name: string, run: () => T): [T, Trespass | null] {
  const at = enter(name);
  let value: T;
  try {
    value = run();
  } catch (e) {
    leave(name, at);
    throw e;
  }
  return [value, leave(name, at)];
}

/**
 * On a thread held whole, after a piece of work (a replicate, a run): what its plugin code did that it may not
 * since the thread was held, put back, as an Error naming the modules loaded here; null when nothing.
 */
export function threadTrespass(): Error | null {
  if (threadPrint === null || loaded.size === 0) return null;
  const t = trespass(swallowed, changedBuiltins(threadPrint));
  swallowed = null;
  if (t === null) return null;
  const who = t.changed.length === 0 && t.exit !== null ? t.exit.by : [...loaded].join(', ') || 'a plugin';
  return new Error(`${who}: ${trespassText(t)}`);
}
