/**
 * Node's part of the plugin sandbox (sim/core/guard/sandbox.ts): `process.exit` and `process.stdout.write`
 * replaced once a thread, so that while plugin code runs an exit throws and what it prints goes to standard
 * error; everything else passes through untouched.
 */
import { writeSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ProcessGuard } from '../host.js';

/** Folders of hexa's own code, compiled or not: an exit called from there is hexa's. */
const OWN = ['dist', 'sim', 'scripts', 'reports', 'envs'].map((d) =>
  fileURLToPath(new URL(`../../../../${d}/`, import.meta.url)),
);

/** The frame that called `process.exit` is in hexa's own code (its exits after an error, a signal's). */
function calledByHexa(): boolean {
  // Frames: this function, the replaced exit, its caller.
  const frame = new Error().stack?.split('\n')[3] ?? '';
  return OWN.some((dir) => frame.includes(dir));
}

/**
 * Write on standard error at once: a worker thread's own stream reaches it through its parent, asynchronously,
 * and what is still on its way when the pool ends the thread would be lost.
 */
function toStderr(text: string): void {
  const bytes = Buffer.from(text, 'utf8');
  for (let at = 0; at < bytes.length; ) {
    try {
      at += writeSync(2, bytes, at);
    } catch (e) {
      if ((e as { code?: unknown }).code !== 'EAGAIN') return; // nowhere to say it: dropped, as a closed stderr
    }
  }
}

let guarded = false;

/** Send this thread's `process.exit` and standard output through `guard` while plugin code runs (once). */
export function guardProcess(guard: ProcessGuard): void {
  if (guarded) return;
  guarded = true;
  const exit = process.exit.bind(process);
  process.exit = ((code?: number | string | null) => {
    if (!guard.inPlugin() || calledByHexa()) return exit(code ?? undefined);
    throw guard.exitCalled(code);
  }) as typeof process.exit;
  const stdout = process.stdout;
  const write = stdout.write.bind(stdout) as (...args: unknown[]) => boolean;
  stdout.write = ((chunk: unknown, ...rest: unknown[]) => {
    if (!guard.inPlugin()) return write(chunk, ...rest);
    const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString('utf8');
    toStderr(guard.printed(text));
    const done = rest.find((r): r is () => void => typeof r === 'function');
    if (done !== undefined) queueMicrotask(done);
    return true;
  }) as typeof stdout.write;
}
