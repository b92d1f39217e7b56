/**
 * Run flags for skill scope, the threshold rule, lifecycle, exploration and tool-loop policies (issue 6).
 * They join RUN_FLAGS, so `hexa run` and `hexa sweep` accept them alike; `policyAgentFields` validates
 * their text and names the flag on error. Defaults come from the config modules, so they are stated once.
 */
import { PUBLISHED_AGENT, type AgentConfig } from '../../sim/agent/agentConfig.js';
import { SKILL_SCOPES } from '../../sim/agent/choices.js';
import { DEFAULT_EXPLORATION, EXPLORATIONS, type ExplorationConfig } from '../../sim/agent/exploration/config.js';
import { DEFAULT_LIFECYCLE, LIFECYCLES, ON_RETIRE, type LifecycleConfig } from '../../sim/agent/lifecycle/config.js';
import { THRESHOLD_RULES } from '../../sim/agent/lifecycle/threshold.js';
import { BREAKER_COUNTS, DEFAULT_BREAKER, type BreakerConfig } from '../../sim/agent/tools/config.js';
import { parseChoice, parseDecimal, parseInteger, parseRate, type RunFlag } from './flags.js';
import { msg, UsageError } from '../../sim/core/messages.js';
import type { ModuleRef } from '../../sim/experiment/config.js';
import { isModulePath, policyModule } from './modules.js';

const SKILLS = 'Skills and lifecycle:';
const EXPLORE = 'Exploration policy:';
const TOOLS = 'Tool loop (flaky-tools-v1):';
const RULES = 'Lifecycle constants (SPEC §4):';

const L = DEFAULT_LIFECYCLE;
const E = DEFAULT_EXPLORATION;
const flag = (
  name: string,
  group: string,
  def: string | number,
  describe: string,
  choices?: readonly string[],
): RunFlag =>
  choices === undefined
    ? { name, group, default: String(def), describe }
    : { name, group, default: String(def), describe, choices };
const list = (xs: readonly number[]): string => xs.join('/');

export const POLICY_FLAGS: readonly RunFlag[] = [
  flag(
    'skill-scope',
    SKILLS,
    PUBLISHED_AGENT.scope,
    "skills distilled per task context ('for order_api, …') or pooled over contexts",
    SKILL_SCOPES,
  ),
  flag(
    'threshold-rule',
    SKILLS,
    PUBLISHED_AGENT.thresholdRule,
    "a claim needs its share ('share', published) or its Wilson lower bound ('lcb') to reach --threshold",
    THRESHOLD_RULES,
  ),
  flag('lcb-z', SKILLS, PUBLISHED_AGENT.lcbZ, 'normal quantile of the lower bound (1.645 = one-sided 95 %), > 0'),
  flag(
    'extraction',
    SKILLS,
    'published',
    'how the Evolver turns evidence into claims: published (--threshold-rule), or an extraction module FILE (.mjs/.js)',
  ),
  flag(
    'ranking',
    SKILLS,
    'published',
    'how the Retriever orders skills: published (weight, then evidence), or a ranking module FILE (.mjs/.js)',
  ),
  flag(
    'lifecycle',
    SKILLS,
    L.name,
    'how skills are admitted, weighted and retired (SPEC §4), or a lifecycle module FILE (.mjs/.js)',
    LIFECYCLES,
  ),
  flag(
    'stale-halflife',
    SKILLS,
    L.staleHalflife,
    'down-weight skills no sample has agreed with for long: weight halves every this many tasks (0 = off)',
  ),
  flag(
    'stale-floor',
    SKILLS,
    L.staleFloor,
    'a skill down-weighted below this factor is not retrieved until a sample agrees with it, in [0, 1]',
  ),
  flag('on-retire', SKILLS, L.onRetire, "a retired skill's evidence is forgotten by the Evolver, or kept", ON_RETIRE),
  flag(
    'exploration',
    EXPLORE,
    E.name,
    'fixed rate (--explore), refutation-triggered, decaying, or an exploration module FILE (.mjs/.js)',
    EXPLORATIONS,
  ),
  flag(
    'explore-high',
    EXPLORE,
    E.high,
    'refutation: the rate while the windowed refutation rate is above --refute-high',
  ),
  flag('refute-low', EXPLORE, E.refuteLow, 'refutation: below this windowed refutation rate, back to --explore'),
  flag(
    'refute-high',
    EXPLORE,
    E.refuteHigh,
    'refutation: above this windowed refutation rate, explore at --explore-high',
  ),
  flag('refute-window', EXPLORE, E.window, 'refutation: the sliding window, in tasks'),
  flag('explore-halflife', EXPLORE, E.halflife, 'decay: tasks for the rate (from --explore) to halve'),
  flag('explore-floor', EXPLORE, E.floor, 'decay: the rate never falls below this'),
  flag(
    'breaker-failures',
    TOOLS,
    DEFAULT_BREAKER.failures,
    'circuit breaker: consecutive failures that disable a tool (0 = no breaker)',
  ),
  flag(
    'breaker-cooldown',
    TOOLS,
    DEFAULT_BREAKER.cooldown,
    'circuit breaker: tasks a disabled tool stays off after the task it tripped in',
  ),
  flag(
    'breaker-counts',
    TOOLS,
    DEFAULT_BREAKER.counts,
    "failures the breaker counts: the tool's own (tool error, unavailable) or all",
    BREAKER_COUNTS,
  ),
  flag('evo-trials', RULES, L.evobelief.trials, 'evobelief: tests that validate a proposed rule'),
  flag('evo-promote', RULES, L.evobelief.promote, 'evobelief: share of trials that promotes a rule to active'),
  flag(
    'evo-decay',
    RULES,
    L.evobelief.decay,
    'evobelief: confidence factor per counterexample (source gives no number)',
  ),
  flag('evo-retire', RULES, L.evobelief.retire, 'evobelief: retire below this confidence, else narrow the scope'),
  flag('paper-cap', RULES, L.paper.cap, 'hexa-paper: most skills per context'),
  flag('paper-mistakes', RULES, L.paper.mistakes, 'hexa-paper: most mistakes (values to avoid) per context'),
  flag(
    'paper-mistake-below',
    RULES,
    L.paper.mistakeBelow,
    'hexa-paper: a skill below this confidence becomes a mistake',
  ),
  flag(
    'paper-bounds',
    RULES,
    list(L.paper.bounds),
    "hexa-paper: attempt bounds of the success rewards, increasing, joined by '/'",
  ),
  flag(
    'paper-rewards',
    RULES,
    list(L.paper.rewards),
    "hexa-paper: reward of a success within each bound, joined by '/'",
  ),
  flag(
    'paper-fail-early',
    RULES,
    L.paper.failEarly,
    'hexa-paper: reward of a failure given up before --paper-give-up attempts',
  ),
  flag('paper-fail-late', RULES, L.paper.failLate, 'hexa-paper: reward of any other failure'),
  flag('paper-give-up', RULES, L.paper.giveUp, 'hexa-paper: attempts below which a failure counts as giving up early'),
  flag('paper-min-confidence', RULES, L.paper.minConfidence, 'hexa-paper: lower clamp of (mean reward + 1) / 2'),
  flag('paper-max-confidence', RULES, L.paper.maxConfidence, 'hexa-paper: upper clamp of (mean reward + 1) / 2'),
  flag(
    'paper-ema',
    RULES,
    L.paper.ema,
    'hexa-paper: 0 = plain mean reward (paper); > 0 = moving average with this weight',
  ),
  flag('expel-add', RULES, L.expel.add, 'expel: votes of a new insight (ADD)'),
  flag('expel-agree', RULES, L.expel.agree, 'expel: votes an evolution re-emitting it adds (AGREE)'),
  flag('expel-edit', RULES, L.expel.edit, 'expel: votes added when a new value replaces it (EDIT)'),
  flag('expel-remove', RULES, L.expel.remove, 'expel: votes a counterexample removes (REMOVE)'),
  flag('expel-remove-full', RULES, L.expel.removeFull, 'expel: votes a counterexample removes when the list is full'),
  flag('expel-cap', RULES, L.expel.cap, 'expel: size at which the list is full'),
  flag('beta-alpha', RULES, L.beta.alpha, 'beta: prior alpha (> 0)'),
  flag('beta-beta', RULES, L.beta.beta, 'beta: prior beta (> 0)'),
  flag('beta-retire-failures', RULES, L.beta.retireFailures, 'beta: failures needed before retirement'),
  flag('beta-retire-below', RULES, L.beta.retireBelow, 'beta: retire when the posterior mean is below this'),
  flag('beta-split-contexts', RULES, L.beta.splitContexts, 'beta: split a pooled skill seen in this many contexts …'),
  flag('beta-split-observations', RULES, L.beta.splitObservations, 'beta: … with at least this many observations each'),
];

/** The agent fields these flags set. */
export type PolicyFields = Pick<
  AgentConfig,
  'scope' | 'thresholdRule' | 'lcbZ' | 'lifecycle' | 'exploration' | 'breaker' | 'extraction' | 'ranking'
>;

/** A built-in policy's name, or a module file's policy name (its reference joins `modules`). */
function policyName(name: string, text: string, builtIns: readonly string[], modules: ModuleRef[]): string {
  if (!isModulePath(text)) return parseChoice(name, text, builtIns);
  const found = policyModule(name, text);
  modules.push(found.ref);
  return found.name;
}

/** `--extraction` / `--ranking`: absent for the published rule, so built-in configurations are unchanged. */
function pluginOnly(
  name: 'extraction' | 'ranking',
  text: string,
  modules: ModuleRef[],
): Partial<Pick<AgentConfig, 'extraction' | 'ranking'>> {
  const chosen = policyName(name, text, ['published'], modules);
  return chosen === 'published' ? {} : { [name]: chosen };
}

/** A decimal in [min, max] (open at min when `openMin`). */
function number(name: string, text: string, min = -Infinity, max = Infinity, openMin = false): number {
  const n = parseDecimal(name, text);
  if (openMin ? !(n > min) : n < min) throw new UsageError(msg.notAbove(name, text, min, openMin));
  if (n > max) throw new UsageError(msg.above(name, text, max));
  return n;
}

/** A '/'-joined list of numbers. */
function numbers(name: string, text: string, parse: (item: string) => number): number[] {
  const items = text.split('/');
  if (items.some((i) => i.trim() === ''))
    throw new UsageError(msg.malformedList(name, text, "expected numbers joined by '/', e.g. 3/7/15/25"));
  return items.map(parse);
}

function paperRules(t: (flag: string) => string): LifecycleConfig['paper'] {
  const bounds = numbers('paper-bounds', t('paper-bounds'), (s) => parseInteger('paper-bounds', s, 1));
  for (let i = 1; i < bounds.length; i++) {
    if (bounds[i]! <= bounds[i - 1]!)
      throw new UsageError(msg.malformedList('paper-bounds', t('paper-bounds'), 'bounds must increase'));
  }
  const rewards = numbers('paper-rewards', t('paper-rewards'), (s) => number('paper-rewards', s));
  if (rewards.length !== bounds.length) {
    throw new UsageError(
      msg.malformedList(
        'paper-rewards',
        t('paper-rewards'),
        `has ${rewards.length} rewards for ${bounds.length} bounds of --paper-bounds`,
      ),
    );
  }
  const minConfidence = parseRate('paper-min-confidence', t('paper-min-confidence'));
  const maxConfidence = parseRate('paper-max-confidence', t('paper-max-confidence'));
  if (maxConfidence < minConfidence)
    throw new UsageError(msg.below('paper-max-confidence', t('paper-max-confidence'), minConfidence));
  return {
    cap: parseInteger('paper-cap', t('paper-cap'), 1),
    mistakes: parseInteger('paper-mistakes', t('paper-mistakes'), 0),
    mistakeBelow: parseRate('paper-mistake-below', t('paper-mistake-below')),
    bounds,
    rewards,
    failEarly: number('paper-fail-early', t('paper-fail-early')),
    failLate: number('paper-fail-late', t('paper-fail-late')),
    giveUp: parseInteger('paper-give-up', t('paper-give-up'), 0),
    minConfidence,
    maxConfidence,
    ema: parseRate('paper-ema', t('paper-ema')),
  };
}

function lifecycleConfig(t: (flag: string) => string, modules: ModuleRef[]): LifecycleConfig {
  return {
    name: policyName('lifecycle', t('lifecycle'), LIFECYCLES, modules),
    staleHalflife: number('stale-halflife', t('stale-halflife'), 0),
    staleFloor: parseRate('stale-floor', t('stale-floor')),
    onRetire: parseChoice('on-retire', t('on-retire'), ON_RETIRE),
    evobelief: {
      trials: parseInteger('evo-trials', t('evo-trials'), 1),
      promote: parseRate('evo-promote', t('evo-promote')),
      decay: parseRate('evo-decay', t('evo-decay')),
      retire: parseRate('evo-retire', t('evo-retire')),
    },
    paper: paperRules(t),
    expel: {
      add: number('expel-add', t('expel-add'), 0, Infinity, true),
      agree: number('expel-agree', t('expel-agree'), 0),
      edit: number('expel-edit', t('expel-edit'), 0),
      remove: number('expel-remove', t('expel-remove'), 0),
      removeFull: number('expel-remove-full', t('expel-remove-full'), 0),
      cap: parseInteger('expel-cap', t('expel-cap'), 1),
    },
    beta: {
      alpha: number('beta-alpha', t('beta-alpha'), 0, Infinity, true),
      beta: number('beta-beta', t('beta-beta'), 0, Infinity, true),
      retireFailures: parseInteger('beta-retire-failures', t('beta-retire-failures'), 0),
      retireBelow: parseRate('beta-retire-below', t('beta-retire-below')),
      splitContexts: parseInteger('beta-split-contexts', t('beta-split-contexts'), 1),
      splitObservations: parseInteger('beta-split-observations', t('beta-split-observations'), 1),
    },
  };
}

/** The agent fields these flags set, from each flag's text (its default when not given). */
export function policyAgentFields(t: (flag: string) => string, modules: ModuleRef[] = []): PolicyFields {
  return {
    scope: parseChoice('skill-scope', t('skill-scope'), SKILL_SCOPES),
    thresholdRule: parseChoice('threshold-rule', t('threshold-rule'), THRESHOLD_RULES),
    lcbZ: number('lcb-z', t('lcb-z'), 0, Infinity, true),
    lifecycle: lifecycleConfig(t, modules),
    exploration: explorationConfig(t, modules),
    breaker: breakerConfig(t),
    ...pluginOnly('extraction', t('extraction'), modules),
    ...pluginOnly('ranking', t('ranking'), modules),
  };
}

function breakerConfig(t: (flag: string) => string): BreakerConfig {
  return {
    failures: parseInteger('breaker-failures', t('breaker-failures'), 0, 1_000_000),
    cooldown: parseInteger('breaker-cooldown', t('breaker-cooldown'), 0, 1_000_000_000),
    counts: parseChoice('breaker-counts', t('breaker-counts'), BREAKER_COUNTS),
  };
}

function explorationConfig(t: (flag: string) => string, modules: ModuleRef[]): ExplorationConfig {
  const refuteLow = parseRate('refute-low', t('refute-low'));
  const refuteHigh = parseRate('refute-high', t('refute-high'));
  if (refuteHigh < refuteLow) throw new UsageError(msg.below('refute-high', t('refute-high'), refuteLow));
  return {
    name: policyName('exploration', t('exploration'), EXPLORATIONS, modules),
    high: parseRate('explore-high', t('explore-high')),
    refuteLow,
    refuteHigh,
    window: parseInteger('refute-window', t('refute-window'), 1, 1_000_000),
    halflife: number('explore-halflife', t('explore-halflife'), 0, Infinity, true),
    floor: parseRate('explore-floor', t('explore-floor')),
  };
}
