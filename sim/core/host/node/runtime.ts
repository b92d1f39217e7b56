/**
 * What Node's runtime lends beyond files and threads: V8's interruption of a synchronous call (`vm`'s timeout), the
 * compiler's report of a syntax error (`node --check`, in a child process), and the SQLite driver — better-sqlite3,
 * an optional peer dependency, loaded on first use so a run without a skill database never loads it.
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { Script, createContext } from 'node:vm';
import type BetterSqlite3 from 'better-sqlite3';
import type { Host, Interrupted } from '../host.js';

const runner = new Script('run()');

/** `run` in a context whose one call V8 interrupts after `ms` (starting the timer costs a thread of V8's). */
function interruptAfter<T>(ms: number, run: () => T): Interrupted<T> {
  const box: { value?: T; error?: unknown; threw: boolean } = { threw: false };
  const context = createContext({
    run: () => {
      try {
        box.value = run();
      } catch (e) {
        box.error = e;
        box.threw = true;
      }
    },
  });
  try {
    runner.runInContext(context, { timeout: Math.max(1, Math.round(ms)) });
  } catch (e) {
    if ((e as { code?: unknown }).code === 'ERR_SCRIPT_EXECUTION_TIMEOUT') return { finished: false };
    throw e;
  }
  if (box.threw) throw box.error;
  return { finished: true, value: box.value as T };
}

let driver: typeof BetterSqlite3 | undefined;

export const nodeRuntime: Pick<Host, 'interruptAfter' | 'syntaxReport' | 'sqliteDriver'> = {
  interruptAfter,
  syntaxReport: (full) => {
    const r = spawnSync(process.execPath, ['--check', full], { encoding: 'utf8', timeout: 30_000 });
    return r.status === 0 ? undefined : (r.stderr ?? '');
  },
  sqliteDriver: () => (driver ??= createRequire(import.meta.url)('better-sqlite3') as typeof BetterSqlite3),
};
