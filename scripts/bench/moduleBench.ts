/**
 * Bench row for plugin worlds: the 4-bit published arm on docs/examples/lock-world.mjs — lock-v1's
 * dynamics written as a plain-JavaScript module — beside the built-in lock-v1, measured in alternating
 * pairs (best of three each) so that load on a shared machine falls on both alike. The target: a module
 * world costs at most 1.3× the built-in one per attempt.
 */
import { join } from 'node:path';
import { packageRoot } from '../../reports/manifest.js';
import { normalizeRun, PUBLISHED_RUN } from '../../sim/experiment/config.js';
import { engine, type EngineFigure } from './bench.js';

export interface ModuleBench {
  readonly module: EngineFigure;
  readonly builtIn: EngineFigure;
  /** Built-in attempts per CPU second over the module's: how many times slower the module world is. */
  readonly slowdown: number;
  readonly path: string;
}

/** The module world of the bench rows (lock-v1's dynamics as a plain-JavaScript module). */
export const LOCK_MODULE = join(packageRoot(), 'docs', 'examples', 'lock-world.mjs');

export async function benchModuleLock(minSeconds = 2): Promise<ModuleBench> {
  const { loadModule } = await import('../../sim/agent/plugins/load.js');
  const path = LOCK_MODULE;
  const [world] = (await loadModule('env', path, 'env', { check: true })).envs;
  const builtInConfig = PUBLISHED_RUN;
  const moduleConfig = normalizeRun({ ...PUBLISHED_RUN, env: world!.id });
  const best = (a: EngineFigure | undefined, b: EngineFigure): EngineFigure =>
    a === undefined || b.attemptsPerCpuSec > a.attemptsPerCpuSec ? b : a;
  let builtIn: EngineFigure | undefined;
  let module: EngineFigure | undefined;
  for (let pair = 0; pair < 3; pair++) {
    builtIn = best(builtIn, engine(builtInConfig, 4, minSeconds / 3));
    module = best(module, engine(moduleConfig, 4, minSeconds / 3));
  }
  return { module: module!, builtIn: builtIn!, slowdown: builtIn!.attemptsPerCpuSec / module!.attemptsPerCpuSec, path };
}
