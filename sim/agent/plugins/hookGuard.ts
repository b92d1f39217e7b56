/**
 * Calls into one plugin (a world of a module file, a policy module): each hook has a number, under which the
 * thread's heartbeat names it while it runs (sim/core/guard/heartbeat.ts), and whatever it throws becomes a
 * PluginError naming the module, the hook and the message, with the plugin's own stack kept for `--debug`.
 */
import { msg, PluginError } from '../../core/messages.js';
import { entry } from '../../core/at.js';
import { hookMark, threadHeartbeat, type Heartbeat } from '../../core/guard/heartbeat.js';
import { reportedExit } from '../../core/guard/sandbox.js';
import { host } from '../../core/host/host.js';

export class HookGuard {
  readonly beat: Heartbeat = threadHeartbeat();
  /** Each mark's hook, as `world 'my-lock-v1' step()`. */
  private readonly hooks = new Map<number, string>();

  /** `module` names the file as the user sees it; `owner` the plugin in it (`world 'my-lock-v1'`). */
  constructor(
    readonly module: string,
    readonly owner: string,
  ) {}

  /** The mark of one of the plugin's hooks (`step()`). */
  mark(hook: string): number {
    const mark = hookMark(`${this.module}: ${this.owner} ${hook}`);
    this.hooks.set(mark, `${this.owner} ${hook}`);
    return mark;
  }

  /** A PluginError for the hook under `mark`; `cause` (what the plugin threw) keeps its stack for --debug. */
  error(mark: number, detail: string, where: readonly string[] = [], cause?: unknown): PluginError {
    const e = new PluginError(this.module, entry(this.hooks, mark, 'hooks'), detail, where);
    if (cause instanceof Error && cause.stack !== undefined) e.stack = `${e.message}\n${cause.stack}`;
    return e;
  }

  /** What the plugin threw, as a PluginError (a PluginError from a nested guard passes as it is). */
  threw(mark: number, e: unknown, where: readonly string[] = []): PluginError {
    reportedExit(e); // an exit that reached its guard is this error, not one the plugin caught (sandbox.ts)
    return e instanceof PluginError ? e : this.error(mark, msg.plugin.threw(e), where, e);
  }

  /**
   * A call into the plugin outside any attempt loop, guarded: counted in the heartbeat while it runs, a throw
   * reported as the hook's (unless `passes` says the error is the caller's to handle, as a parameter error).
   */
  call<T>(mark: number, run: () => T, passes?: (e: unknown) => boolean): T {
    const outer = this.enter(mark);
    try {
      return run();
    } catch (e) {
      if (passes?.(e) === true) throw e;
      throw this.threw(mark, e);
    } finally {
      this.leave(outer);
    }
  }

  /** Into the hook under `mark`: counted (odd now) and named; returns the mark to restore on the way out. */
  enter(mark: number): number {
    const cells = this.beat.cells;
    const outer = cells[1]!;
    cells[1] = mark;
    cells[0]!++;
    return outer;
  }

  /** Out of a hook: counted (even again), and `mark` (what ran before it, or a world's step) named. */
  leave(mark: number): void {
    const cells = this.beat.cells;
    cells[0]!++;
    cells[1] = mark;
  }
}

/** A module file as messages name it: relative to the working folder when it lies under it. */
export function shownPath(full: string): string {
  return host('a module file').shownPath(full);
}
