/**
 * `hexa reproduce --env`: the other world read from the command line, how the text names it, and the exact anchors of
 * uniform guessing there.
 */
import type { BenchmarkWorld } from '../sim/reproduction/arms.js';
import { at } from '../sim/core/at.js';
import type { ArmResult } from '../sim/reproduction/reproduction.js';
import { PUBLISHED_RUN } from '../sim/experiment/config.js';
import { poolAnchors, spaceSize, type PoolAnchor } from '../sim/limits/anchors.js';
import { PUBLISHED_AGENT } from '../sim/agent/agentConfig.js';
import { anchorWords } from './runReport.js';
import type { ActionSpace } from '../sim/core/world/env.js';
import type { OpenerId } from '../sim/reproduction/gap.js';
import { single } from './config/flags.js';
import { msg, UsageError } from '../sim/core/messages.js';

/** Another world in place of the published lock (`--env`), and what of the benchmark applies there. */
export interface OtherWorld {
  readonly run: BenchmarkWorld;
  readonly space: ActionSpace;
  /** One solving code: the uniform-guessing expectation applies. */
  readonly exactRandomControl: boolean;
  /** The openers its feedback allows (the bounds apply where in-task reasoning does). */
  readonly openers: readonly OpenerId[];
}

/** `js-lock-v1 bits=5 truth=random`: the world and its parameters. */
export function describeWorld(run: BenchmarkWorld): string {
  return [run.env, ...Object.entries(run.envParams).map(([k, v]) => `${k}=${v}`)].join(' ');
}

/**
 * The exact anchors of uniform guessing in another world (docs/model.md, "Exact anchors"): the random
 * control, and pools with one or two positions fixed, at each exploration rate the arms use.
 */
export function worldAnchorLines(world: OtherWorld, arms: readonly ArmResult[]): string[] {
  const { positions, arity } = world.space;
  const library = arms.map((a) => a.config).filter((c) => c.agent.library);
  const rates = [...new Set(library.map((c) => c.agent.explore))].sort((a, b) => a - b);
  const cap = PUBLISHED_RUN.cap;
  const anchorsAt = (explore: number): PoolAnchor[] =>
    poolAnchors({ cap, agent: { library: true, topK: PUBLISHED_AGENT.topK, explore } }, positions, arity);
  const lines = [
    `Exact expected attempts, uniform guessing in ${world.run.env} (${spaceSize(positions, arity)} codes, cap ${cap}):`,
  ];
  const base = anchorsAt(0);
  for (const a of base) {
    const byRate = rates
      .filter((e) => e > 0 && a.fixed > 0)
      .map(
        (e) =>
          `; with ${Math.round(e * 100)} % exploration ` +
          `${at(anchorsAt(e), a.fixed, 'anchors').anchor.expectedAttempts.value.toFixed(3)}`,
      )
      .join('');
    lines.push(`  ${anchorWords(a)}: ${a.anchor.expectedAttempts.value.toFixed(3)}${byRate}`);
  }
  return lines;
}

/**
 * `--env ID|FILE` (and `--param`): the benchmark in another world, at its default parameters — the arms,
 * the figures, and the bounds where in-task reasoning applies there. Loads and checks a module first.
 */
export async function otherWorld(argv: Record<string, unknown>): Promise<OtherWorld | undefined> {
  const env = single('env', argv.env);
  if (env === undefined) {
    if (argv.param !== undefined) throw new UsageError(msg.paramWithoutEnv());
    return undefined;
  }
  const { preloadModules } = await import('./config/preload.js');
  const { configFrom, envParamsFromArgv } = await import('./config/runOptions.js');
  const { envSpecOf } = await import('../sim/experiment/experiment.js');
  const { actorSupport } = await import('../sim/agent/actors/index.js');
  const { ReplicateKey } = await import('../sim/core/rng.js');
  await preloadModules([{ name: 'env', text: env }]);
  const config = configFrom({ env }, envParamsFromArgv(argv));
  const spec = envSpecOf(config);
  const { space } = spec.create(config.envParams, new ReplicateKey(config.seed, 0).stream('world'));
  const openers = (['consistent', 'optimal'] as const).filter((kind) => actorSupport(kind, spec, space) === null);
  return {
    run: {
      env: config.env,
      envParams: config.envParams,
      ...(config.modules !== undefined ? { modules: config.modules } : {}),
    },
    space,
    exactRandomControl: spec.exactRandomControl,
    openers,
  };
}
