/**
 * Each policy contract, held to the built-in policy it generalises: a module that restates the published
 * rule must give exactly the published run, a module that changes it must change the run, and a module
 * that breaks its contract fails with its name before the run goes wrong.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PUBLISHED_AGENT, type AgentConfig } from '../../../../sim/agent/agentConfig.js';
import type {
  ExtractionPlugin,
  ExplorationPlugin,
  LifecyclePlugin,
  RankingPlugin,
} from '../../../../sim/agent/plugins/contracts.js';
import { findPolicy, policyProblem, registerPolicy } from '../../../../sim/agent/moduleStore.js';
import { normalizeRun, PUBLISHED_RUN, type RunConfig } from '../../../../sim/experiment/config.js';
import { runExperiment } from '../../../../sim/experiment/experiment.js';
import { loadModule } from '../../../../sim/agent/plugins/load.js';
import { ROOT } from '../../../helpers/cli.js';

const run = (agent: Partial<AgentConfig>, base: Partial<RunConfig> = {}): unknown =>
  runExperiment(
    normalizeRun({ ...PUBLISHED_RUN, replicates: 40, seed: 5, ...base, agent: { ...PUBLISHED_AGENT, ...agent } }),
  ).replicates;

/** Worlds and agents where every part of the library is exercised: exploration, per-task evolution, contexts. */
const SETTINGS: readonly [string, Partial<AgentConfig>, Partial<RunConfig>][] = [
  ['lock, 20 % exploration, evolving after every task', { explore: 0.2, cadence: 'task' }, {}],
  [
    '6-bit drifting lock, top-k 3',
    { topK: 3, window: 'all' },
    { env: 'drift-lock-v1', envParams: { bits: 6, truth: 'random', flips: 1, every: 40, at: '' } },
  ],
  [
    'api contract, pooled scope',
    { scope: 'global', explore: 0.1 },
    { env: 'api-contract-v1', envParams: { apis: 3, codes: 4, initial: 0, after: 200, api: 'order_api', drift: 60 } },
  ],
];

const shareAgain: ExtractionPlugin = {
  kind: 'extraction',
  name: 'share-again',
  create: ({ threshold }) => ({
    extract(counts, n, emit) {
      for (let v = 0; v < counts.length; v++) if (counts[v]! / n >= threshold) emit(v, counts[v]! / n);
    },
  }),
};
const publishedOrder: RankingPlugin = {
  kind: 'ranking',
  name: 'published-order',
  compare: (a, b) => b.weight - a.weight || b.evidence - a.evidence,
};
const noOpinion: RankingPlugin = { kind: 'ranking', name: 'no-opinion', compare: () => 0 };
const weakestFirst: RankingPlugin = { kind: 'ranking', name: 'weakest-first', compare: (a, b) => a.weight - b.weight };
const fixedAgain: ExplorationPlugin = {
  kind: 'exploration',
  name: 'fixed-again',
  create: (base) => ({ mayExplore: base > 0, rate: () => base, observe() {} }),
};
const publishedAgain: LifecyclePlugin = {
  kind: 'lifecycle',
  name: 'published-again',
  create: ({ library, evolver, update }) => ({
    retired: 0,
    evolve() {
      library.beginUpdate(update);
      evolver.evolveInto(library);
      library.endUpdate();
    },
    beforeTask() {},
    afterTask() {},
  }),
};
for (const p of [shareAgain, publishedOrder, noOpinion, weakestFirst, fixedAgain, publishedAgain]) registerPolicy(p);

describe('a policy module restating the published rule gives the published run, bit for bit', () => {
  for (const [what, agent, base] of SETTINGS) {
    it(`extraction, ranking, exploration, lifecycle — ${what}`, () => {
      const published = run(agent, base);
      expect(run({ ...agent, extraction: 'share-again' }, base)).toEqual(published);
      expect(run({ ...agent, ranking: 'published-order' }, base)).toEqual(published);
      expect(run({ ...agent, ranking: 'no-opinion' }, base)).toEqual(published);
      expect(run({ ...agent, exploration: { ...PUBLISHED_AGENT.exploration, name: 'fixed-again' } }, base)).toEqual(
        published,
      );
      expect(run({ ...agent, lifecycle: { ...PUBLISHED_AGENT.lifecycle, name: 'published-again' } }, base)).toEqual(
        published,
      );
    });
  }

  it('a ranking that disagrees changes the run (the Retriever uses it)', () => {
    const [, agent, base] = SETTINGS[1]!;
    expect(run({ ...agent, topK: 1, ranking: 'weakest-first' }, base)).not.toEqual(run({ ...agent, topK: 1 }, base));
  });
});

describe('the example policy modules', () => {
  const examples = ['lifecycle', 'exploration', 'extraction', 'ranking'] as const;
  const drift: Partial<RunConfig> = {
    env: 'drift-lock-v1',
    envParams: { bits: 6, truth: 'random', flips: 1, every: 40, at: '' },
    replicates: 60,
  };

  it('load as their kind and change the run, repeatably', async () => {
    for (const kind of examples) {
      const { policy } = await loadModule(kind, join(ROOT, 'docs', 'examples', `${kind}.mjs`), kind);
      const name = policy!.name;
      const agent: Partial<AgentConfig> =
        kind === 'lifecycle'
          ? { lifecycle: { ...PUBLISHED_AGENT.lifecycle, name } }
          : kind === 'exploration'
            ? { exploration: { ...PUBLISHED_AGENT.exploration, name } }
            : { [kind]: name };
      const a = run(agent, drift);
      expect(a, kind).not.toEqual(run({}, drift));
      expect(run(agent, drift), kind).toEqual(a);
    }
  });

  it('do what they say: retirements, exploration without --explore', async () => {
    await loadModule('lifecycle', join(ROOT, 'docs/examples/lifecycle.mjs'), 'lifecycle');
    await loadModule('exploration', join(ROOT, 'docs/examples/exploration.mjs'), 'exploration');
    const retiring = runExperiment(
      normalizeRun({
        ...PUBLISHED_RUN,
        ...drift,
        agent: { ...PUBLISHED_AGENT, lifecycle: { ...PUBLISHED_AGENT.lifecycle, name: 'retire-on-evidence' } },
      }),
    );
    expect(retiring.replicates.flat().reduce((s, m) => s + m.retired, 0)).toBeGreaterThan(0);
    const exploring = runExperiment(
      normalizeRun({
        ...PUBLISHED_RUN,
        replicates: 5,
        agent: { ...PUBLISHED_AGENT, exploration: { ...PUBLISHED_AGENT.exploration, name: 'harmonic' } },
      }),
    );
    const byRound = exploring.rounds.map((_, r) =>
      exploring.replicates.reduce((s, rep) => s + rep[r]!.explorations, 0),
    );
    expect(byRound[0]).toBeGreaterThan(byRound[4]!);
    expect(byRound[4]).toBeGreaterThan(0);
  });
});

describe('broken policy modules fail naming themselves', () => {
  it('checks the shape of a default export', () => {
    expect(policyProblem('lifecycle', null)).toMatch(/is not an object/);
    expect(policyProblem('lifecycle', { kind: 'ranking', name: 'x', create() {} })).toMatch(
      /kind 'ranking' is not 'lifecycle'/,
    );
    expect(policyProblem('exploration', { kind: 'exploration', name: 'Big Name', create() {} })).toMatch(/lower case/);
    expect(policyProblem('exploration', { kind: 'exploration', name: 'decay', create() {} })).toMatch(
      /built-in exploration/,
    );
    expect(policyProblem('ranking', { kind: 'ranking', name: 'r', create() {} })).toMatch(
      /'compare' must be a function/,
    );
    expect(policyProblem('extraction', { kind: 'extraction', name: 'e', create() {} })).toBeNull();
  });

  it('keeps one module per name', () => {
    registerPolicy(noOpinion);
    expect(() => registerPolicy({ ...noOpinion })).toThrow(/a ranking policy named 'no-opinion' is already loaded/);
    expect(() => findPolicy('lifecycle', 'never-loaded')).toThrow(
      /no lifecycle policy named 'never-loaded' is loaded \(give its module with --lifecycle FILE\)/,
    );
  });

  it('refuses what a factory returned when it lacks a member the runner calls', () => {
    registerPolicy({ kind: 'lifecycle', name: 'hollow', create: () => ({}) as never });
    expect(() => run({ lifecycle: { ...PUBLISHED_AGENT.lifecycle, name: 'hollow' } })).toThrow(
      /lifecycle policy 'hollow': what create\(\) returned lacks evolve \(a function\)/,
    );
    registerPolicy({
      kind: 'exploration',
      name: 'no-flag',
      create: () => ({ rate: () => 0.1, observe() {} }) as never,
    });
    expect(() => run({ exploration: { ...PUBLISHED_AGENT.exploration, name: 'no-flag' } })).toThrow(
      /lacks mayExplore \(a boolean\)/,
    );
  });

  it('refuses a claim outside the action space', () => {
    registerPolicy({
      kind: 'extraction',
      name: 'off-the-map',
      create: () => ({ extract: (_c, _n, emit) => emit(2, 1) }),
    });
    expect(() => run({ extraction: 'off-the-map' })).toThrow(
      /extraction policy 'off-the-map' emitted value 2 with confidence 1: the value must be an integer in 0 … 1/,
    );
  });
});
