/**
 * What a policy module must export by default, one contract per kind: a lifecycle (`--lifecycle FILE`),
 * an exploration policy (`--exploration FILE`), an Evolver extraction rule (`--extraction FILE`) and a
 * Retriever ranking (`--ranking FILE`). A module is plain JavaScript and imports nothing from hexa-sim: it
 * gets the objects it works on as arguments. Each runs outside the attempt loop (between tasks, or at an
 * evolution), so a plugin costs the built-in path nothing and a plugin path one call where a built-in
 * policy would run.
 */
import type { LibraryUpdate } from '../choices.js';
import type { Evolver, ExtractionRule, ExtractionRules } from '../evolver.js';
import type { ExplorationPolicy } from '../exploration/policy.js';
import type { Library } from '../library.js';
import type { LifecycleConfig } from '../lifecycle/config.js';
import type { Lifecycle } from '../lifecycle/lifecycle.js';
import type { Skill } from '../skill.js';

/** The four kinds of agent policy a module file may bring. */
export type PolicyKind = 'lifecycle' | 'exploration' | 'extraction' | 'ranking';
/** Every policy kind, in the order help and listings show them. */
export const POLICY_KINDS: readonly PolicyKind[] = ['lifecycle', 'exploration', 'extraction', 'ranking'];

/** Fields every policy module has. */
export interface PolicyModule<K extends PolicyKind> {
  readonly kind: K;
  /**
   * Its name in results (the `lifecycle`, `exploration`, `extraction` or `ranking` column): lower case
   * letters, digits and dashes, not the name of a built-in policy of its kind.
   */
  readonly name: string;
  readonly describe?: string;
}

/** What a lifecycle works on: the replicate's library and Evolver, and the world's shape. */
export interface LifecyclePluginParts {
  readonly library: Library;
  readonly evolver: Evolver;
  /** Contexts of the world (1 for the locks); skills are scoped to one of them or to every context (−1). */
  readonly contexts: number;
  readonly positions: number;
  readonly arity: number;
  /** `--update`: what the published lifecycle does with claims an evolution did not re-emit. */
  readonly update: LibraryUpdate;
  /** The run's lifecycle settings (`--stale-halflife`, `--on-retire` …), for policies that honour them. */
  readonly config: LifecycleConfig;
}

/**
 * `--lifecycle FILE`: `create` is called once per replicate and returns the Lifecycle (sim/agent/lifecycle/
 * lifecycle.ts): `evolve()` at the Evolver's cadence (distil with `evolver.evolveInto(sink)`; bracket
 * `library.emit` calls with `library.beginUpdate(mode)` / `endUpdate()`, or call `library.flushTests()`, so
 * tests pending since the last evolution are counted), `beforeTask(taskIndex, context)`, `afterTask(outcome)`,
 * a `retired` count, and optionally `banInto(constraint, context)`.
 */
export interface LifecyclePlugin extends PolicyModule<'lifecycle'> {
  /** Make this replicate's lifecycle. */
  create(parts: LifecyclePluginParts): Lifecycle;
}

/**
 * `--exploration FILE`: `create(base)` (base = `--explore`) is called once per replicate and returns an
 * ExplorationPolicy: `rate(taskIndex)` before each task, `observe(tests, refutations)` after it, and
 * `mayExplore` (false only if `rate` is always 0: then no exploration stream is drawn).
 */
export interface ExplorationPlugin extends PolicyModule<'exploration'> {
  /** Make this replicate's exploration policy from the base rate (`--explore`). */
  create(base: number): ExplorationPolicy;
}

/**
 * `--extraction FILE`: replaces the published "share ≥ threshold" rule (and `--threshold-rule`). `create`
 * is called once per replicate with the Evolver's settings and returns an ExtractionRule (sim/agent/evolver.ts):
 * `extract(counts, n, emit, position)`, called at each evolution for every position with enough evidence.
 */
export interface ExtractionPlugin extends PolicyModule<'extraction'> {
  /** Make this replicate's extraction rule from the Evolver's settings. */
  create(rules: ExtractionRules): ExtractionRule;
}

/**
 * `--ranking FILE`: the Retriever's order — negative when skill `a` should be handed over before `b`.
 * Ties (0, or NaN) fall back to the published order (weight, evidence, position, value, scope), so the
 * order is total and runs repeat exactly. Skills of weight 0 are never retrieved, whatever the ranking.
 */
export interface RankingPlugin extends PolicyModule<'ranking'> {
  /** Negative when `a` is handed over before `b`, positive when after; 0 or NaN: the published order decides. */
  compare(a: Skill, b: Skill): number;
}

/** A policy module of any kind. */
export type PolicyPlugin = LifecyclePlugin | ExplorationPlugin | ExtractionPlugin | RankingPlugin;
export type PluginOf<K extends PolicyKind> = Extract<PolicyPlugin, { readonly kind: K }>;
