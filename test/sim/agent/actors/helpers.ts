/** Shared setup for Actor-policy tests: runs of the lock with a given actor, summarised over all tasks. */
import { lockV1 } from '../../../../envs/lock.js';
import { Actor } from '../../../../sim/agent/actor.js';
import { actorFor, type ActorKind } from '../../../../sim/agent/actors/index.js';
import { PUBLISHED_AGENT, type AgentConfig } from '../../../../sim/agent/agentConfig.js';
import { normalizeRun, PUBLISHED_RUN, type RunConfig } from '../../../../sim/experiment/config.js';
import { RoundTally } from '../../../../sim/core/metrics.js';
import { ReplicateKey } from '../../../../sim/core/rng.js';
import { runExperiment } from '../../../../sim/experiment/experiment.js';
import { meanInterval } from '../../../../sim/core/stats.js';

export function lockRun(bits: number, agent: Partial<AgentConfig>, protocol: Partial<RunConfig> = {}): RunConfig {
  return {
    ...PUBLISHED_RUN,
    envParams: bits === 4 ? { bits: 4, truth: '1011' } : { bits, truth: 'random' },
    rounds: 1,
    tasks: 30,
    ...protocol,
    agent: { ...PUBLISHED_RUN.agent, ...agent },
  };
}

/** Mean attempts per task over replicates (each replicate's mean is one observation) and its standard error. */
export function meanAttempts(config: RunConfig): { mean: number; se: number; maxRoundMean: number } {
  const result = runExperiment(normalizeRun(config));
  const perReplicate = result.replicates.map(
    (rounds) => rounds.reduce((s, r) => s + r.attempts, 0) / (rounds.length * config.tasks),
  );
  const { mean, se } = meanInterval(perReplicate);
  return { mean, se, maxRoundMean: Math.max(...result.replicates.flat().map((r) => r.meanAttempts)) };
}

/** Attempts of each task of an Actor without library on a lock with the given truth (per-task, not per-round). */
export function taskAttempts(kind: ActorKind, truth: string, tasks: number, seed: number, cap = 20): number[] {
  const key = new ReplicateKey(seed, 0);
  const env = lockV1.create({ bits: truth.length, truth }, key.stream('world'));
  const policy = actorFor(kind, lockV1, env.space, cap);
  const actor = new Actor({
    env,
    agent: { ...PUBLISHED_AGENT, actor: kind, library: false },
    cap,
    goodScore: truth.length,
    policy,
  });
  const out: number[] = [];
  const tally = new RoundTally();
  for (let task = 0; task < tasks; task++) {
    env.reset({ round: 0, task, taskIndex: task, stream: () => key.stream('env', 0, task) });
    out.push(actor.runTask({ guess: key.stream('guess', 0, task), explore: null }, tally));
  }
  return out;
}
