/**
 * Node's threads: worker threads for the pool (sim/core/parallel/pool.ts), the cores this process may use, and
 * the event loop's turns and timers.
 *
 * Every worker thread starts in thread.ts, which installs this host there too, then imports the worker's own
 * entry (a module calling `serveJobs`). From dist/ that is plain JavaScript. From the sources (tsx, vitest) it
 * is a .ts file, and on Node 20 a worker thread's `import` does not go through the hooks `--import tsx`
 * registers — neither the parent's nor those of `--import tsx` in the worker's own execArgv (a worker that
 * `require`s its file gets by, an `import` fails) — so there each worker registers tsx's hooks itself first,
 * and compiles again every module it imports — unless a compiled copy of the sources is named (`SOURCES_BUILD`).
 */
import { existsSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parentPort, Worker, workerData } from 'node:worker_threads';
import type { Host, ParentThread } from '../host.js';

const FROM_SOURCES = import.meta.url.endsWith('.ts');

/**
 * The environment variable naming a folder `tsc -p tsconfig.build.json` compiled these very sources into (the
 * tests' build of them, test/helpers/globalSetup.ts): from the sources, a thread whose entry is compiled there
 * starts there, its setup too, as the command line's threads start from dist/ — the same code, without tsx
 * compiling it again in the thread. Threads whose entry is not among the sources (a test's own) still use tsx.
 */
export const SOURCES_BUILD = 'HEXA_SOURCES_BUILD';

/** The repository's root, which the sources' paths are relative to (this file is sim/core/host/node/threads.ts). */
const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/** A source module's URL in the compiled copy, if one is named and holds it. */
function compiled(href: string): string | undefined {
  const build = process.env[SOURCES_BUILD];
  if (build === undefined || build === '' || !href.startsWith('file:') || !href.endsWith('.ts')) return undefined;
  const path = fileURLToPath(href);
  if (!path.startsWith(ROOT)) return undefined;
  const file = join(build, path.slice(ROOT.length)).replace(/\.ts$/, '.js');
  return existsSync(file) ? pathToFileURL(file).href : undefined;
}

/** What thread.ts is started with: the modules to import first, the worker's entry, the data the pool gave it. */
export interface StartData {
  readonly setup: readonly string[];
  readonly entry: string;
  readonly data: unknown;
}

/** A module's URL as a thread imports it: from the sources, the .ts file (see the top of this file). */
const asStarted = (url: URL | string): string => {
  const href = typeof url === 'string' ? url : url.href;
  return FROM_SOURCES ? href.replace(/\.js$/, '.ts') : href;
};

/** The modules every thread started here imports before its entry, as this thread's program did. */
let setup: readonly string[] = [];

/** Have every thread started from now on import `modules` first (what readies a thread: envs/install.ts). */
export function setThreadSetup(modules: readonly (URL | string)[]): void {
  setup = modules.map(asStarted);
}

function startThread(entry: URL, options: { data?: unknown; youngGenerationMb?: number } = {}): Worker {
  const resourceLimits =
    options.youngGenerationMb === undefined ? undefined : { maxYoungGenerationSizeMb: options.youngGenerationMb };
  const start = new URL(FROM_SOURCES ? './thread.ts' : './thread.js', import.meta.url);
  const data: StartData = { setup, entry: asStarted(entry), data: options.data };
  if (!FROM_SOURCES) return new Worker(start, { resourceLimits, workerData: data });
  const built = [start.href, data.entry, ...setup].map((href) => (href.endsWith('.ts') ? compiled(href) : href));
  if (built.every((href) => href !== undefined)) {
    const [thread, entryBuilt, ...setupBuilt] = built as string[];
    return new Worker(new URL(thread!), {
      resourceLimits,
      workerData: { setup: setupBuilt, entry: entryBuilt!, data: options.data } satisfies StartData,
    });
  }
  // Resolved here: an eval'd worker would look the package up from the current folder.
  const tsx = JSON.stringify(import.meta.resolve('tsx/esm/api'));
  return new Worker(
    `import(${tsx}).then((tsx) => { tsx.register(); return import(${JSON.stringify(start.href)}); });`,
    {
      eval: true,
      resourceLimits,
      workerData: data,
    },
  );
}

/**
 * The cores this process may really use: the CPUs it may run on, fewer if a container's CPU quota
 * (cgroup v2 `cpu.max`, v1 `cpu.cfs_quota_us`) allows less.
 */
function cores(): number {
  let n = availableParallelism();
  const quota = cgroupQuota();
  if (quota !== null) n = Math.min(n, Math.max(1, Math.ceil(quota)));
  return n;
}

/** CPUs' worth of time the cgroup allows per period, or null when unlimited or unknown. */
function cgroupQuota(): number | null {
  const read = (path: string): string | null => {
    try {
      return readFileSync(path, 'utf8').trim();
    } catch {
      return null;
    }
  };
  const v2 = read('/sys/fs/cgroup/cpu.max')?.split(/\s+/);
  if (v2 !== undefined && v2[0] !== 'max' && Number(v2[0]) > 0 && Number(v2[1]) > 0)
    return Number(v2[0]) / Number(v2[1]);
  const quota = Number(read('/sys/fs/cgroup/cpu/cpu.cfs_quota_us'));
  const period = Number(read('/sys/fs/cgroup/cpu/cpu.cfs_period_us'));
  return quota > 0 && period > 0 ? quota / period : null;
}

function parentThread(): ParentThread | null {
  const port = parentPort;
  if (port === null) return null;
  return {
    data: (workerData as StartData | null)?.data,
    post: (message, transfer = []) => port.postMessage(message, [...transfer]),
    listen: (onMessage) => void port.on('message', onMessage),
  };
}

export const nodeThreads: Pick<Host, 'cores' | 'startThread' | 'parentThread' | 'nextTurn' | 'every'> = {
  cores,
  startThread: (entry, options) => {
    const worker = startThread(entry, options);
    return {
      post: (message) => worker.postMessage(message),
      listen: (events) => {
        worker.on('message', events.message);
        worker.on('error', events.error);
        worker.on('exit', events.exit);
      },
      stop: async () => {
        worker.removeAllListeners();
        await worker.terminate();
      },
    };
  },
  parentThread,
  nextTurn: () => new Promise((resolve) => setImmediate(resolve)),
  every: (ms, tick) => {
    const timer = setInterval(tick, ms);
    timer.unref();
    return () => clearInterval(timer);
  },
};
