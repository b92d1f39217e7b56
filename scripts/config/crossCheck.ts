/**
 * The checks that read more than one parameter, after each has passed its own declaration: whether the
 * world allows the Actor, whether a library mode collides with the hidden choices it sets, whether the
 * hexa-paper rewards match their bounds, whether the high-score cut-off is within the world's scores, the two
 * pairs of bounds that must be ordered, and whether a saved library fits the world and the mode. Each names
 * the flag to change and its text.
 */
import { at } from '../../sim/core/at.js';
import { contextsOf, type EnvParams, type EnvSpec } from '../../sim/core/world/env.js';
import type { AgentConfig } from '../../sim/agent/agentConfig.js';
import { actorSupport } from '../../sim/agent/actors/index.js';
import { EXPLORATION_PARAMS } from '../../sim/agent/exploration/config.js';
import { LIFECYCLE_PARAMS } from '../../sim/agent/lifecycle/config.js';
import { DYNAMICS_CHOICES } from '../../sim/agent/modes.js';
import { ACTOR_PARAM } from '../../sim/agent/actors/policy.js';
import { AGENT_PARAMS } from '../../sim/agent/agentConfig.js';
import { msg, UsageError } from '../../sim/core/messages.js';
import type { Param } from '../../sim/core/params/declaration.js';
import { defaultText } from '../../sim/core/params/read.js';
import { ReplicateKey } from '../../sim/core/rng.js';
import { readSavedLibrary, shapeOf } from '../../sim/experiment/libraryDb/savedLibrary.js';

/** The hidden choices a library mode sets (its flags may not be given beside a mode). */
const MODE_SETS = Object.keys(DYNAMICS_CHOICES.static) as (keyof AgentConfig)[];

export function crossCheck(
  agent: AgentConfig,
  settings: Readonly<Record<string, string>>,
  spec: EnvSpec,
  envParams: EnvParams,
): void {
  const text = (p: Param): string => settings[p.flag] ?? defaultText(p) ?? '';
  if (agent.actor !== ACTOR_PARAM.default || agent.goodScore !== null) {
    // The world's action space decides whether in-task reasoning is exact and affordable, and its max score
    // whether a cut-off can be reached at all (above it, no sample would ever count as high-score).
    const probe = spec.create(envParams, new ReplicateKey(0, 0).stream('world'));
    if (agent.goodScore !== null && agent.goodScore > probe.maxScore)
      throw new UsageError(msg.goodAboveMax(text(AGENT_PARAMS.goodScore), probe.maxScore, spec.id));
    const why = agent.actor === ACTOR_PARAM.default ? null : actorSupport(agent.actor, spec, probe.space);
    if (why !== null) throw new UsageError(msg.actorUnsupported(why));
  }
  if (agent.mode !== AGENT_PARAMS.mode.default) {
    for (const key of MODE_SETS) {
      const p = AGENT_PARAMS[key] as Param;
      if (settings[p.flag] !== undefined) throw new UsageError(msg.conflicting(AGENT_PARAMS.mode.flag, p.flag));
    }
  }
  const { bounds, rewards, minConfidence, maxConfidence } = agent.lifecycle.paper;
  const paper = LIFECYCLE_PARAMS.paper;
  for (let i = 1; i < bounds.length; i++)
    if (at(bounds, i, 'bounds') <= at(bounds, i - 1, 'bounds'))
      throw new UsageError(msg.malformedList(paper.bounds.flag, text(paper.bounds), 'bounds must increase'));
  if (rewards.length !== bounds.length) {
    const why = `has ${rewards.length} rewards for ${bounds.length} bounds of --${paper.bounds.flag}`;
    throw new UsageError(msg.malformedList(paper.rewards.flag, text(paper.rewards), why));
  }
  if (maxConfidence < minConfidence)
    throw new UsageError(msg.below(paper.maxConfidence.flag, text(paper.maxConfidence), minConfidence));
  const { refuteLow, refuteHigh } = agent.exploration;
  if (refuteHigh < refuteLow)
    throw new UsageError(msg.below(EXPLORATION_PARAMS.refuteHigh.flag, text(EXPLORATION_PARAMS.refuteHigh), refuteLow));
  // In-task reasoning assumes every code can be submitted; a circuit breaker disabling values is not modelled.
  if (agent.actor !== ACTOR_PARAM.default && agent.breaker.failures > 0)
    throw new UsageError(msg.actorWithBreaker(agent.actor));
  if (agent.libraryFrom !== undefined) savedLibraryFits(agent, agent.libraryFrom, spec, envParams);
}

/** A saved library (`file`) needs a library to start, a mode that starts from a prior, and a world of its shape. */
function savedLibraryFits(agent: AgentConfig, file: string, spec: EnvSpec, envParams: EnvParams): void {
  if (!agent.library) throw new UsageError(msg.libraryWithoutLibrary());
  if (agent.mode.startsWith('online-')) throw new UsageError(msg.libraryWithoutPrior(agent.mode));
  const saved = readSavedLibrary(AGENT_PARAMS.libraryFrom.flag, file);
  const probe = spec.create(envParams, new ReplicateKey(0, 0).stream('world'));
  const here = { ...probe.space, contexts: contextsOf(probe) };
  if (here.positions !== saved.positions || here.arity !== saved.arity || here.contexts !== saved.contexts)
    throw new UsageError(
      msg.libraryOtherWorld(
        AGENT_PARAMS.libraryFrom.flag,
        saved.value,
        `${shapeOf(saved)} (${saved.env})`,
        `${spec.id} (${shapeOf(here)})`,
      ),
    );
}
