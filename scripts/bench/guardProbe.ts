/**
 * One figure for the bench of the run-time guard (guardBench.ts), in a process of its own: the 4-bit
 * published arm on docs/examples/lock-world.mjs, either as every run gets it — guarded
 * (sim/agent/plugins/worldGuard.ts) — or registered as it is, under an id of its own, which only this probe ever
 * does. Each variant runs in a
 * fresh process, so the Actor's loop is compiled for that one world and neither variant slows the other.
 *
 *   node dist/scripts/bench/guardProbe.js guarded|unguarded seconds S [W]  → one EngineFigure (JSON) on stdout
 *   node dist/scripts/bench/guardProbe.js guarded|unguarded replicates N   → the attempts of N replicates
 *
 * The second is a fixed amount of work, the same for both variants, for counting instructions, which a shared
 * machine does not disturb (`valgrind --tool=callgrind node --single-threaded …`, less a run of 0 replicates).
 */
import { pathToFileURL } from 'node:url';
import type { EnvSpec } from '../../sim/core/world/env.js';
import { moduleStore } from '../../sim/agent/moduleStore.js';
import { normalizeRun, PUBLISHED_RUN } from '../../sim/experiment/config.js';
import { importModule, loadModule } from '../../sim/agent/plugins/load.js';
import { envSpecOf } from '../../sim/experiment/experiment.js';
import { engine, replicateAttempts, type EngineFigure } from './bench.js';
import { LOCK_MODULE } from './moduleBench.js';
import '../program/nodeProgram.js';

export type GuardVariant = 'guarded' | 'unguarded';

/**
 * The id a configuration names to run the module's world with or without its guard. Both variants load the
 * module as a run does (checked, then registered guarded), so they differ in nothing but the guard.
 */
async function worldId(variant: GuardVariant): Promise<string> {
  const guarded = (await loadModule('env', LOCK_MODULE, 'env', { check: true })).envs[0]!.id;
  if (variant === 'guarded') return guarded;
  const { exported } = await importModule('env', LOCK_MODULE, 'env');
  const [spec] = (Array.isArray(exported) ? exported : [exported]) as EnvSpec[];
  const id = `${spec!.id}-unguarded`;
  if (moduleStore.findEnv(id) === undefined) moduleStore.registerEnv({ ...spec!, id });
  return id;
}

/**
 * The CPU-seconds a probe warms up for before it is timed. The probes run `--single-threaded`, so the compiler
 * works on the run's own thread, and in the first tenths of a second it is most of the work: timed after the
 * bench engine's usual warm-up (0.1 s), both variants ran at four fifths of their later speed, and the guarded
 * one, with more code to compile, further below it (a cost of 5 % where the runs after it showed 0–2 %).
 */
export const GUARD_WARM_UP = 0.5;

export async function guardProbe(
  variant: GuardVariant,
  seconds: number,
  warmUp = GUARD_WARM_UP,
): Promise<EngineFigure> {
  return engine(normalizeRun({ ...PUBLISHED_RUN, env: await worldId(variant) }), 4, seconds, warmUp);
}

/** A fixed amount of work, for counting instructions: `replicates` replicates of the arm; their attempts. */
export async function guardWork(variant: GuardVariant, replicates: number): Promise<number> {
  const config = normalizeRun({ ...PUBLISHED_RUN, env: await worldId(variant) });
  const spec = envSpecOf(config);
  let attempts = 0;
  for (let r = 0; r < replicates; r++) attempts += replicateAttempts(config, spec, r);
  return attempts;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [, , variant, mode, amount, warmUp] = process.argv;
  if (variant !== 'guarded' && variant !== 'unguarded') throw new Error(`guardProbe: variant '${variant}'`);
  const out =
    mode === 'replicates'
      ? await guardWork(variant, Number(amount))
      : await guardProbe(variant, Number(amount ?? 1), warmUp === undefined ? GUARD_WARM_UP : Number(warmUp));
  process.stdout.write(`${JSON.stringify(out)}\n`);
}
