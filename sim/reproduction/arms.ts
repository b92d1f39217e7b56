/**
 * The arms of the published 4-bit-lock benchmark (docs/reproduction.md), built from the published settings plus a set
 * of hidden choices. Arms differ only in agent parameters, so for a given seed they draw the same random
 * numbers per (replicate, round, task): every comparison between arms is paired.
 */
import { AGENT_PARAMS, PUBLISHED_AGENT, type AgentConfig } from '../agent/agentConfig.js';
import { normalizeRun, PUBLISHED_RUN, type Run, type RunConfig } from '../experiment/config.js';

export type ArmId = 'random' | 'exploit' | 'explore' | 'separate' | 'threshold90' | 'threshold75';

type AgentParams = typeof AGENT_PARAMS;

/**
 * The choices the article leaves open: the agent parameters declared with a `hiddenChoice` rank. Routing is
 * not among them: the article names it per arm (exploration samples shared with the Evolver, or
 * separated), so each arm fixes it.
 */
export type HiddenKey = {
  [K in keyof AgentParams]: AgentParams[K] extends { readonly hiddenChoice: number } ? K : never;
}[keyof AgentParams];
export type HiddenChoices = Pick<AgentConfig, HiddenKey>;

/** A hidden choice as the audit and its tables see it. */
export interface HiddenChoice {
  readonly key: HiddenKey;
  readonly flag: string;
  readonly values: readonly string[];
  /** Its name in report tables. */
  readonly label: string;
}

/** Each hidden choice with its flag name and its possible values, in audit order (the declarations' ranks). */
export const HIDDEN_CHOICES: readonly HiddenChoice[] = Object.entries(AGENT_PARAMS)
  .flatMap(([key, p]) => ('hiddenChoice' in p && p.kind === 'choice' ? [{ key, p, rank: p.hiddenChoice }] : []))
  .sort((a, b) => a.rank - b.rank)
  .map(({ key, p }) => ({ key: key as HiddenKey, flag: p.flag, values: p.values, label: p.flag.replace(/-/g, ' ') }));

/** The hidden choices of a configuration. */
export function hiddenOf(agent: AgentConfig): HiddenChoices {
  return Object.fromEntries(HIDDEN_CHOICES.map((c) => [c.key, agent[c.key]])) as unknown as HiddenChoices;
}

export interface Arm {
  readonly id: ArmId;
  readonly label: string;
  /** The arm's agent under the given hidden choices. */
  agent(hidden: HiddenChoices): AgentConfig;
}

const withHidden = (hidden: HiddenChoices, rest: Partial<AgentConfig>): AgentConfig => ({
  ...PUBLISHED_AGENT,
  ...hidden,
  ...rest,
});

export const ARMS: readonly Arm[] = [
  { id: 'random', label: 'random control (no library)', agent: (h) => withHidden(h, { library: false }) },
  { id: 'exploit', label: 'pure exploitation', agent: (h) => withHidden(h, {}) },
  {
    id: 'explore',
    label: '20 % exploration, shared samples',
    agent: (h) => withHidden(h, { explore: 0.2, routing: 'shared' }),
  },
  {
    id: 'separate',
    label: '20 % exploration, separated samples',
    agent: (h) => withHidden(h, { explore: 0.2, routing: 'separate' }),
  },
  { id: 'threshold90', label: 'pure exploitation, threshold 0.90', agent: (h) => withHidden(h, { threshold: 0.9 }) },
  { id: 'threshold75', label: 'pure exploitation, threshold 0.75', agent: (h) => withHidden(h, { threshold: 0.75 }) },
];

export function findArm(id: ArmId): Arm {
  return ARMS.find((a) => a.id === id)!;
}

/** The world the benchmark runs in: the published lock, or another world with its parameters (a plugin module's). */
export type BenchmarkWorld = Pick<RunConfig, 'env' | 'envParams'> & Pick<Partial<RunConfig>, 'modules'>;
export const PUBLISHED_WORLD: BenchmarkWorld = { env: PUBLISHED_RUN.env, envParams: PUBLISHED_RUN.envParams };

/** The arm's run under the published protocol (4-bit lock 1011, 5 rounds × 30 tasks, cap 20), or in another world. */
export function armConfig(
  arm: Arm,
  hidden: HiddenChoices,
  seed: number,
  replicates: number,
  world: BenchmarkWorld = PUBLISHED_WORLD,
): Run {
  return normalizeRun({ ...PUBLISHED_RUN, ...world, seed, replicates, agent: arm.agent(hidden) });
}

/**
 * A key naming what a run actually depends on, so the audit runs each distinct simulation once: the random
 * control ignores every agent setting; without exploration the exploration unit and routing are moot; and
 * the test accounting only matters where tests are read.
 */
export function effectiveKey(config: RunConfig, readsTests: boolean): string {
  const a = config.agent;
  const agent: Partial<AgentConfig> = !a.library
    ? { library: false }
    : {
        ...a,
        ...(a.explore === 0 ? { exploreUnit: PUBLISHED_AGENT.exploreUnit, routing: PUBLISHED_AGENT.routing } : {}),
        ...(readsTests ? {} : { testUnit: PUBLISHED_AGENT.testUnit, testAt: PUBLISHED_AGENT.testAt }),
      };
  return JSON.stringify({ ...config, agent });
}
