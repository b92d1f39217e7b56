/** Hand-made records for lifecycle tests: a library, an Evolver and a policy, fed claims and tests directly. */
import { PUBLISHED_AGENT, type AgentConfig } from '../../../../sim/agent/agentConfig.js';
import { Evolver } from '../../../../sim/agent/evolver.js';
import { Library, type ClaimSink } from '../../../../sim/agent/library.js';
import { DEFAULT_LIFECYCLE, type LifecycleConfig, type LifecycleName } from '../../../../sim/agent/lifecycle/config.js';
import type { Lifecycle, TaskOutcome } from '../../../../sim/agent/lifecycle/lifecycle.js';
import { makeLifecycle } from '../../../../sim/agent/lifecycle/make.js';
import type { Skill } from '../../../../sim/agent/skill.js';
import { SampleBatch } from '../../../../sim/agent/samples/sampleBatch.js';

export interface Bench {
  library: Library;
  evolver: Evolver;
  lc: Lifecycle & ClaimSink;
  /** Run one task: the given samples test the library, then the policy reviews the task. */
  task(context: number, samples: readonly number[][], outcome?: Partial<TaskOutcome>): void;
  skill(context: number, position: number, value: number): Skill;
  taskIndex: number;
}

export function bench(
  name: LifecycleName,
  opts: {
    contexts?: number;
    positions?: number;
    arity?: number;
    scope?: AgentConfig['scope'];
    config?: Partial<LifecycleConfig>;
    accounting?: Pick<AgentConfig, 'testUnit' | 'testAt'>;
  } = {},
): Bench {
  const { contexts = 1, positions = 1, arity = 2, scope = 'context' } = opts;
  const library = new Library(positions, arity, opts.accounting, { contexts });
  const evolver = new Evolver(
    positions,
    arity,
    { ...PUBLISHED_AGENT, scope, minEvidence: 1, threshold: 0.5 },
    contexts,
  );
  const config: LifecycleConfig = { ...DEFAULT_LIFECYCLE, ...opts.config, name };
  const lc = makeLifecycle({ library, evolver, contexts, config }, positions, arity, 'replace') as Lifecycle &
    ClaimSink;
  const b: Bench = {
    library,
    evolver,
    lc,
    taskIndex: 0,
    task(context, samples, outcome = {}) {
      lc.beforeTask(b.taskIndex, context);
      library.record(SampleBatch.of(samples, { context }));
      lc.afterTask({ taskIndex: b.taskIndex, context, attempts: 1, solved: true, applied: [], ...outcome });
      b.taskIndex++;
    },
    skill: (context, position, value) => library.skillFor(context, position, value),
  };
  return b;
}

/** n copies of a one-position sample. */
export const times = (n: number, value: number): number[][] => Array.from({ length: n }, () => [value]);
