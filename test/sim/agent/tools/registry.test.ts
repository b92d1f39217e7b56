import { describe, expect, it } from 'vitest';
import { FAILURE, type Feedback, type FailureKind } from '../../../../sim/core/world/env.js';
import { findEnv } from '../../../../sim/agent/moduleStore.js';
import { PUBLISHED_AGENT } from '../../../../sim/agent/agentConfig.js';
import { normalizeRun, PUBLISHED_RUN, type RunConfig } from '../../../../sim/experiment/config.js';
import { runExperiment } from '../../../../sim/experiment/experiment.js';
import { RoundTally } from '../../../../sim/core/metrics.js';
import { DEFAULT_BREAKER, type BreakerConfig } from '../../../../sim/agent/tools/config.js';
import { ToolRegistry } from '../../../../sim/agent/tools/registry.js';
import { resolveEnvParams } from '../../../../sim/core/world/params.js';

const call = (failure: FailureKind): Feedback => ({
  score: failure === FAILURE.none ? 1 : 0,
  solved: failure === FAILURE.none,
  failure,
});
const tool = (k: number): Int32Array => Int32Array.of(k);

function registry(over: Partial<BreakerConfig> = {}): { reg: ToolRegistry; tally: RoundTally } {
  return {
    reg: new ToolRegistry(1, 3, { ...DEFAULT_BREAKER, failures: 2, cooldown: 3, ...over }),
    tally: new RoundTally(),
  };
}

describe('tool registry: failure taxonomy and circuit breaker', () => {
  it('counts failed calls by kind', () => {
    const { reg, tally } = registry({ failures: 0 });
    for (const k of [
      FAILURE.toolError,
      FAILURE.toolError,
      FAILURE.paramError,
      FAILURE.ambiguousQuery,
      FAILURE.toolUnavailable,
      FAILURE.none,
    ])
      reg.record(tool(0), call(k), tally);
    expect([
      tally.toolErrors,
      tally.paramErrors,
      tally.ambiguousQueries,
      tally.toolUnavailable,
      tally.breakerTrips,
    ]).toEqual([2, 1, 1, 1, 0]);
    expect(reg.isDisabled(0, 0)).toBe(false); // no breaker
  });

  it('disables a tool after n consecutive failures of its own; a success resets the count', () => {
    const { reg, tally } = registry();
    reg.record(tool(1), call(FAILURE.toolError), tally);
    reg.record(tool(1), call(FAILURE.none), tally);
    reg.record(tool(1), call(FAILURE.toolUnavailable), tally);
    expect(reg.isDisabled(0, 1)).toBe(false);
    reg.record(tool(1), call(FAILURE.toolError), tally);
    expect(reg.isDisabled(0, 1)).toBe(true);
    expect(tally.breakerTrips).toBe(1);
    expect(reg.disabled.total).toBe(1);
  });

  it("does not count the caller's or the request's failures unless told to", () => {
    for (const [counts, disabled] of [
      ['tool', false],
      ['all', true],
    ] as const) {
      const { reg, tally } = registry({ counts });
      reg.record(tool(2), call(FAILURE.paramError), tally);
      reg.record(tool(2), call(FAILURE.ambiguousQuery), tally);
      expect(reg.isDisabled(0, 2)).toBe(disabled);
    }
  });

  it('keeps a tripped tool off for the rest of the task and `cooldown` more; then half-open', () => {
    const { reg, tally } = registry();
    reg.beginTask(10);
    reg.record(tool(0), call(FAILURE.toolError), tally);
    reg.record(tool(0), call(FAILURE.toolError), tally);
    for (const t of [11, 12, 13]) {
      reg.beginTask(t);
      expect(reg.isDisabled(0, 0), `task ${t}`).toBe(true);
    }
    reg.beginTask(14);
    expect(reg.isDisabled(0, 0)).toBe(false);
    reg.record(tool(0), call(FAILURE.toolError), tally); // half-open: one failure trips it again
    expect(reg.isDisabled(0, 0)).toBe(true);
    reg.beginTask(18);
    reg.record(tool(0), call(FAILURE.none), tally); // a success closes it
    reg.record(tool(0), call(FAILURE.toolError), tally);
    expect(reg.isDisabled(0, 0)).toBe(false);
  });
});

describe('the breaker in a run (flaky-tools-v1)', () => {
  const spec = findEnv('flaky-tools-v1')!;
  const config = (failures: number, library = true): RunConfig => ({
    ...PUBLISHED_RUN,
    env: spec.id,
    envParams: resolveEnvParams(spec, { outages: 0.05, downtime: 20 }),
    rounds: 3,
    replicates: 40,
    seed: 12,
    agent: { ...PUBLISHED_AGENT, library, threshold: 0.5, breaker: { ...DEFAULT_BREAKER, failures } },
  });

  it('calls unavailable tools less often; far less when a skill keeps pointing at a tool that is down', () => {
    for (const [library, factor] of [
      [false, 1],
      [true, 0.5],
    ] as const) {
      const off = runExperiment(normalizeRun(config(0, library))).replicates.flat();
      const on = runExperiment(normalizeRun(config(3, library))).replicates.flat();
      const unavailable = (rows: typeof off): number => rows.reduce((s, m) => s + m.toolUnavailable, 0);
      expect(on.reduce((s, m) => s + m.breakerTrips, 0)).toBeGreaterThan(0);
      expect(off.every((m) => m.breakerTrips === 0)).toBe(true);
      expect(unavailable(on)).toBeLessThan(factor * unavailable(off));
    }
  });
});
