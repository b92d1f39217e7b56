/** Skills with a scope: the Library, Evolver and Retriever keep contexts apart, or pool them. */
import { describe, expect, it } from 'vitest';
import { findEnv } from '../../../sim/agent/moduleStore.js';
import { PUBLISHED_AGENT, type AgentConfig } from '../../../sim/agent/agentConfig.js';
import { normalizeRun, PUBLISHED_RUN, type RunConfig } from '../../../sim/experiment/config.js';
import { Evolver } from '../../../sim/agent/evolver.js';
import { runExperiment } from '../../../sim/experiment/experiment.js';
import { Library } from '../../../sim/agent/library.js';
import { Retriever } from '../../../sim/agent/retriever.js';
import { covers, EVERY_CONTEXT } from '../../../sim/agent/skill.js';
import { SampleBatch } from '../../../sim/agent/samples/sampleBatch.js';
import { resolveEnvParams } from '../../../sim/core/world/params.js';

const rules = (scope: AgentConfig['scope']): AgentConfig => ({
  ...PUBLISHED_AGENT,
  scope,
  minEvidence: 2,
  threshold: 0.8,
});

describe('Evolver with contexts', () => {
  it('scopes claims to the context their evidence came from', () => {
    const ev = new Evolver(1, 4, rules('context'), 3);
    for (let i = 0; i < 3; i++) ev.observe(SampleBatch.of([[0]], { context: 0 }));
    for (let i = 0; i < 3; i++) ev.observe(SampleBatch.of([[2]], { context: 2 }));
    ev.observe(SampleBatch.of([[1]], { context: 1 }));
    const claims = ev.evolve().map((c) => [c.context, c.value, c.confidence, c.evidence]);
    expect(claims).toEqual([
      [0, 0, 1, 3],
      [2, 2, 1, 3],
    ]);
  });

  it('pools contexts into every-context claims with scope global', () => {
    const ev = new Evolver(1, 4, rules('global'), 3);
    for (let i = 0; i < 4; i++) ev.observe(SampleBatch.of([[0]], { context: i % 3 }));
    ev.observe(SampleBatch.of([[3]], { context: 1 }));
    expect(ev.evolve().map((c) => [c.context, c.value, c.confidence])).toEqual([[EVERY_CONTEXT, 0, 0.8]]);
  });

  it('forgets one position of one scope, keeping the others', () => {
    const ev = new Evolver(2, 2, rules('context'), 1);
    for (let i = 0; i < 3; i++) ev.observe(SampleBatch.of([[1, 0]], { context: 0 }));
    ev.forget(0, 0);
    expect(ev.evolve().map((c) => [c.position, c.value, c.evidence])).toEqual([[1, 0, 3]]);
    for (let i = 0; i < 2; i++) ev.observe(SampleBatch.of([[0, 0]], { context: 0 }));
    expect(ev.evolve().map((c) => [c.position, c.value, c.evidence])).toEqual([
      [0, 0, 2],
      [1, 0, 5],
    ]);
  });
});

describe('Library and Retriever with contexts', () => {
  const claim = (context: number, value: number, confidence = 1) => ({
    context,
    position: 0,
    value,
    confidence,
    evidence: 5,
  });

  it('a sample tests only the skills that apply in its context', () => {
    const lib = new Library(1, 4, undefined, { contexts: 3 });
    lib.update([claim(0, 0), claim(1, 1), claim(EVERY_CONTEXT, 2, 0.9)], 'replace');
    lib.record(SampleBatch.of([[1]], { context: 1 }));
    expect(lib.skills.map((s) => [s.context, s.hits, s.refuted])).toEqual([
      [0, 0, 0],
      [1, 1, 0],
      [EVERY_CONTEXT, 1, 1],
    ]);
    const global = lib.skills[2]!;
    global.excluded = new Uint8Array(3);
    global.excluded[1] = 1;
    expect([covers(global, 0), covers(global, 1)]).toEqual([true, false]);
    lib.record(SampleBatch.of([[1]], { context: 1 }));
    expect(global.hits).toBe(1);
  });

  it('retrieves per context, rebuilding when the context changes', () => {
    const lib = new Library(1, 4, undefined, { contexts: 3, namer: (c, _p, v) => `ctx ${c} value ${v}` });
    lib.update([claim(0, 0), claim(1, 1), claim(EVERY_CONTEXT, 3, 0.5)], 'replace');
    const r = new Retriever(1, 1);
    expect(r.retrieve(lib, 0).values[0]).toBe(0);
    expect(r.retrieve(lib, 1).values[0]).toBe(1);
    expect(r.retrieve(lib, 2).values[0]).toBe(3);
    expect(r.picked.map((s) => s.name)).toEqual(['ctx -1 value 3']);
  });
});

describe('api-contract-v1: context-scoped skills recover from a contract change, pooled ones cannot', () => {
  const spec = findEnv('api-contract-v1')!;
  const config = (scope: AgentConfig['scope']): RunConfig => ({
    ...PUBLISHED_RUN,
    env: spec.id,
    envParams: resolveEnvParams(spec, { drift: 60 }),
    rounds: 6,
    replicates: 20,
    seed: 5,
    agent: { ...PUBLISHED_AGENT, scope, window: 'round' },
  });

  it('per-API skills end near one judgment per task; a pooled skill stays stale for order_api', () => {
    const scoped = runExperiment(normalizeRun(config('context'))).rounds.at(-1)!;
    const pooled = runExperiment(normalizeRun(config('global'))).rounds.at(-1)!;
    expect(scoped.meanAttempts).toBeLessThan(1.1);
    expect(scoped.skills).toBe(3);
    // Pooled: "code 0 for every API" sends every order_api judgment to the old code, so order_api tasks
    // yield no high-score sample, the pooled share of code 0 stays 1 and the stale skill is never refuted.
    expect(pooled.skills).toBe(1);
    expect(pooled.refutations).toBe(0);
    expect(pooled.ci95![0]).toBeGreaterThan(6);
  });
});
