/**
 * Run the compiled hexa CLI in the test's own process: `hexaHere(args)` answers as `hexa(args)` does (exit status,
 * stdout, stderr) without starting a process, whose start-up (Node, then loading the CLI's modules) is most of
 * what a refused flag or a `--help` costs. The same compiled CLI as `hexa()` runs (test/helpers/cli.ts), imported
 * once per test file by Node itself (not through vitest's transform), from its run on the arguments on
 * (scripts/program/main.ts) — only the process around it is stood in for, for the length of one call:
 *
 *   - its arguments (`process.argv`, which a manifest and a lock record), working folder, environment and a
 *     stdin at its end, as `hexa()` gives a child process;
 *   - its standard output and error (and `console`, which yargs' help prints with) collected as bytes;
 *   - `process.exit`: the first call ends the "process" — its status is the one returned, and what the code
 *     unwinding after it writes is dropped, as nothing runs after a real exit — and the exit hooks the CLI
 *     registered (locks, temporaries: process.on('exit')) run then with that status, as at a real exit;
 *   - `process.exitCode`, read as the status of a run that ended by itself.
 *
 * What a process would have kept to itself is checked, not hoped for: a call that leaves a worker, a timer or a
 * handle open, registers a world (a module world given as `--env FILE`) or has the plugin guard take over
 * `process.exit` (sim/core/host/node/processGuard.ts, once a thread) throws, naming what to use instead: `hexa()`.
 * So do tests about the process itself — signals, a crashing worker's exit, two processes on one lock, stdin,
 * plugins' prints and exits, a TTY, `/dev/stdout`: they spawn with `hexa()`. What no check sees: a module's own
 * state lives on from call to call, as in any long-lived process — Vega numbers the gradients of the charts it
 * draws per process, so the second report drawn in one test file names them apart from the first; a test that
 * compares two reports' charts byte for byte spawns them.
 */
import { Console } from 'node:console';
import { createRequire } from 'node:module';
import { Readable, Writable } from 'node:stream';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { builtCli, type CliOptions, type CliResult, ROOT } from './cli.js';

/** What the compiled CLI gives the helper. */
interface Compiled {
  runHexa(args: readonly string[]): Promise<void>;
  exitWith(e: unknown, debug: boolean): never;
  debugAsked(args: readonly string[]): boolean;
  envIds(): string[];
}

/** Node's own `import()`, which vitest's module runner (that runs this file) does not see. */
const nativeImport = createRequire(import.meta.url)('./nativeImport.cjs') as (
  url: string,
) => Promise<Record<string, unknown>>;

let compiled: Promise<Compiled> | undefined;

function loadCompiled(): Promise<Compiled> {
  compiled ??= (async () => {
    const dir = join(builtCli(), '..');
    const at = (path: string): string => pathToFileURL(join(dir, path)).href;
    const main = await nativeImport(at('program/main.js'));
    const failure = await nativeImport(at('program/failure.js'));
    const store = await nativeImport(at('../sim/agent/moduleStore.js'));
    return {
      runHexa: main.runHexa as Compiled['runHexa'],
      debugAsked: main.debugAsked as Compiled['debugAsked'],
      exitWith: failure.exitWith as Compiled['exitWith'],
      envIds: store.envIds as Compiled['envIds'],
    };
  })();
  return compiled;
}

/** What `process.exit` throws in here: the end of the stood-in process. */
class Exited {
  constructor(readonly code: number) {}
}

/**
 * The exit listeners the CLI registered (each added during a call; kept, as in its own process, for the calls
 * after): called at the end of every call, as at an exit. Any other (vitest's) is never called.
 */
const exitHooks = new Set<NodeJS.ExitListener>();

/** A stream that keeps what is written to it, but for what the code unwinding after an exit writes. */
function collector(unwinding: () => boolean): { readonly stream: Writable; text(): string } {
  const chunks: Buffer[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      if (!unwinding()) chunks.push(chunk);
      done();
    },
  });
  return { stream, text: () => Buffer.concat(chunks).toString('utf8') };
}

/** Replace a property of an object for the length of a call; returns its restorer. */
function standIn<T extends object>(target: T, key: PropertyKey, value: unknown): () => void {
  const own = Object.getOwnPropertyDescriptor(target, key);
  Object.defineProperty(target, key, { value, configurable: true, writable: true, enumerable: own?.enumerable });
  return () => {
    if (own === undefined) Reflect.deleteProperty(target, key);
    else Object.defineProperty(target, key, own);
  };
}

/** The open resources, by kind, counted (a process's handles, timers, workers). */
function resources(): Map<string, number> {
  const counts = new Map<string, number>();
  for (const kind of process.getActiveResourcesInfo()) counts.set(kind, (counts.get(kind) ?? 0) + 1);
  return counts;
}

function leftOpen(was: Map<string, number>): string[] {
  return [...resources()].filter(([kind, n]) => n > (was.get(kind) ?? 0)).map(([kind, n]) => `${kind} ×${n}`);
}

/** A few turns of the event loop, for what the CLI closes without waiting (a pool's workers, a file's handle). */
async function settle(was: Map<string, number>): Promise<string[]> {
  for (let turn = 0; turn < 200; turn++) {
    const open = leftOpen(was);
    if (open.length === 0) return open;
    await new Promise((resolve) => setTimeout(resolve, turn < 20 ? 0 : 10));
  }
  return leftOpen(was);
}

/** Inputs read from the `-` of a flag (scripts/config/input.ts), which here would be the test's own stdin. */
const INPUT_FLAGS = ['--config', '--markdown'];

/** Why these arguments need a process of their own (its own descriptors), if they do. */
function ownDescriptors(args: readonly string[]): string | undefined {
  const typed = args.findIndex((a, i) => a === '-' && INPUT_FLAGS.includes(args[i - 1] ?? ''));
  if (typed >= 0 || INPUT_FLAGS.some((f) => args.includes(`${f}=-`))) return 'it reads stdin';
  const path = args.find((a) => /^\/dev\/(std(in|out|err)|fd\/)|^\/proc\/self\/fd\//.test(a));
  return path === undefined ? undefined : `${path} is one of its process's descriptors`;
}

let running = false;

/** `hexa()`'s options but the two that need a process: the sources through tsx, and stdin. */
export type HereOptions = Omit<CliOptions, 'fromSources' | 'input'>;

/**
 * `hexa args…` run to its end in this process, with its exit status and what it printed: `hexa(args)`'s answer,
 * for a call that needs no process of its own (see above). Calls run one at a time.
 */
export async function hexaHere(args: readonly string[], options: HereOptions = {}): Promise<CliResult> {
  if (running) throw new Error('hexaHere: one call at a time (the process it stands in for is this one)');
  const own = ownDescriptors(args);
  if (own !== undefined) throw new Error(`hexaHere(${args.join(' ')}): ${own}; use hexa()`);
  running = true;
  try {
    return await runHere(args, options);
  } finally {
    running = false;
  }
}

async function runHere(args: readonly string[], options: HereOptions): Promise<CliResult> {
  const cli = await loadCompiled();
  const worlds = cli.envIds().join(',');
  const signals = { SIGINT: process.listeners('SIGINT'), SIGTERM: process.listeners('SIGTERM') };
  const others = new Set(process.listeners('exit'));
  const open = resources();
  let exited: Exited | undefined;
  let hooks = false;
  const unwinding = (): boolean => exited !== undefined && !hooks;
  const out = collector(unwinding);
  const err = collector(unwinding);
  const exit = (code?: number | string | null): never => {
    exited ??= new Exited(Number(code ?? process.exitCode ?? 0));
    throw exited;
  };
  const cwd = process.cwd();
  const env = { ...process.env };
  const exitCode = process.exitCode;
  process.chdir(options.cwd ?? ROOT);
  for (const [key, value] of Object.entries(options.env ?? {}))
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  process.exitCode = undefined;
  const restore = [
    standIn(process, 'argv', [process.execPath, builtCli(), ...args]),
    standIn(process, 'exit', exit),
    standIn(process, 'stdout', out.stream),
    standIn(process, 'stderr', err.stream),
    standIn(process, 'stdin', Readable.from([])),
    standIn(globalThis, 'console', new Console({ stdout: out.stream, stderr: err.stream })),
  ];
  let escaped: unknown;
  let guarded = false;
  try {
    try {
      await cli.runHexa(args);
    } catch (e) {
      // What escapes the run: the entry's handlers end the process with its one line (scripts/hexa.ts).
      if (!(e instanceof Exited)) cli.exitWith(e, cli.debugAsked(args));
    }
  } catch (e) {
    if (!(e instanceof Exited)) escaped = e;
  } finally {
    const status = exited?.code ?? Number(process.exitCode ?? 0);
    hooks = true;
    // The exit hooks, as at a real exit (an exit thrown from one ends the hooks, as a real one would).
    try {
      for (const hook of process.listeners('exit')) if (!others.has(hook)) exitHooks.add(hook);
      for (const hook of process.listeners('exit')) if (exitHooks.has(hook)) hook(status);
    } catch (e) {
      if (!(e instanceof Exited)) escaped ??= e;
    }
    guarded = process.exit !== exit;
    exited ??= new Exited(status);
    for (const undo of restore.reverse()) undo();
    process.exitCode = exitCode;
    process.chdir(cwd);
    for (const key of Object.keys(process.env)) if (!(key in env)) delete process.env[key];
    Object.assign(process.env, env);
    // The signals a run or a sweep listens to stay the process's (scripts/program/interrupt.ts): not the test file's.
    for (const signal of ['SIGINT', 'SIGTERM'] as const)
      for (const l of process.listeners(signal)) if (!signals[signal].includes(l)) process.removeListener(signal, l);
  }
  if (escaped !== undefined) throw escaped;
  const problems = await settle(open);
  if (guarded) problems.push('the plugin guard took over process.exit');
  if (cli.envIds().join(',') !== worlds) problems.push(`it registered worlds (${cli.envIds().join(', ')})`);
  if (problems.length > 0)
    throw new Error(
      `hexaHere(${args.join(' ')}) left what a process would have kept: ${problems.join('; ')}; use hexa()`,
    );
  return { status: exited.code, stdout: out.text(), stderr: err.text() };
}
