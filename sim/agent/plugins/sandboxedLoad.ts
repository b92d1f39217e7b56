/**
 * A module file's first run, held like its hooks are (sim/core/guard/sandbox.ts): a deadline on its load
 * (`--step-timeout`, as for a hook), and what it prints, its exits and the built-ins it changes caught.
 *
 * A synchronous loop at a module's top level cannot be stopped on the thread that imports it, and a command's
 * own thread must import its modules (the checker and the flags read them). So on any thread but a watched
 * pool's worker, the file is first imported on a thread of its own — the host's probe (Node's: loadProbe.ts in
 * sim/core/host/node) — which is stopped past the deadline; only a module that loaded there, without calling
 * `process.exit`, is imported here. On a watched pool's worker (a run's, a sweep's) the import is a hook like
 * the others: the heartbeat names it while it runs, and the pool stops it past the deadline. Every refusal is
 * one UsageError naming the flag and the file: a module that does not load is bad input, refused before any
 * work (exit 2); on a worker, the work it was for fails.
 */
import { stepTimeoutSeconds } from '../../core/guard/deadline.js';
import { asPlugin, PluginExit, threadIsHeld, trespassText } from '../../core/guard/sandbox.js';
import type { Host, LoadProbe } from '../../core/host/host.js';
import { msg, UsageError } from '../../core/messages.js';
import { HookGuard, shownPath } from './hookGuard.js';

/** The file being loaded (moduleFile.ts's ModuleFile): the flag and path that named it, its path and hash. */
interface Loading {
  readonly flag: string;
  readonly path: string;
  readonly full: string;
  readonly sha256: string;
}

/** Why a probe's load is refused, or null when it loaded or threw (the import here says why). */
function probeRefusal(probe: LoadProbe, seconds: number): string | null {
  switch (probe.outcome) {
    case 'loaded':
    case 'threw':
      return null;
    case 'exited':
      return new PluginExit(probe.code).message;
    case 'timedOut':
      return msg.moduleLoadTimedOut(seconds);
    case 'unsettled':
      return msg.moduleLoadUnsettled();
  }
}

/** Refused: the flag, the file and why. */
const refused = (file: Loading, why: string): UsageError =>
  new UsageError(msg.moduleUnloadable(file.flag, file.path, why));

/**
 * Import the module file (under its hash) with `modules`, held: its output to standard error, an exit or a
 * change of the built-ins refused, its load given `--step-timeout`. What its import throws is thrown as it is.
 */
export async function importHeld(file: Loading, modules: Host): Promise<Record<string, unknown>> {
  const seconds = stepTimeoutSeconds();
  const shown = shownPath(file.full);
  const held = threadIsHeld();
  // A host that cannot start a probe (a page) leaves a top-level loop to its own watch; the await below is held.
  if (!held && modules.probeImport !== undefined) {
    const why = probeRefusal(await modules.probeImport(file.full, file.sha256, seconds), seconds);
    if (why !== null) throw refused(file, why);
  }
  // On a watched worker the pool stops a load past the deadline, naming it by the heartbeat.
  const guard = held ? new HookGuard(shown, 'module') : null;
  const mark = guard?.mark('top-level code') ?? 0;
  const outer = guard?.enter(mark) ?? 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(refused(file, msg.moduleLoadUnsettled())), seconds * 1000);
    });
    const [namespace, trespass] = await asPlugin(shown, () =>
      Promise.race([modules.importModule(file.full, file.sha256), late]),
    );
    if (trespass !== null) throw refused(file, `${trespassText(trespass)}`);
    return namespace as Record<string, unknown>;
  } catch (e) {
    if (e instanceof PluginExit) throw refused(file, `${e.message}`);
    throw e;
  } finally {
    clearTimeout(timer);
    guard?.leave(outer);
  }
}
