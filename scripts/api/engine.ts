/**
 * hexa-sim's engine, for any host: `import { … } from 'hexa-sim/engine'`. It runs a configuration (its replicates,
 * one by one or a range at a time), a sweep's cells under their ids, and the exact bounds and anchors, and writes
 * a run's CSV — with nothing of Node reachable from it: a test bundles it for a browser and runs it in Chromium's
 * Web Worker, to the bytes of `hexa run --csv`. What needs files, threads, SQLite or module files (a plugin
 * module, a saved library, a worker pool) asks the host installed in the thread (`installHost`); the Node API,
 * `hexa-sim`, installs Node's and exports everything here too. Re-exports only, and the built-in worlds and the
 * environment checker handed to the module store (envs/install.ts).
 */
import '../../envs/install.js';

// Worlds: the contract, declaring and registering one, the built-in ones.
export { contextsOf, EnvParamError, FAILURE, paramErrorOf, TaskEndedError } from '../../sim/core/world/env.js';
export type {
  ActionSpace,
  Env,
  EnvParams,
  EnvSpec,
  FailureKind,
  Feedback,
  ParamSpec,
  ParamValue,
  TaskContext,
} from '../../sim/core/world/env.js';
export { defineEnv } from '../../sim/core/world/define.js';
export { resolveEnvParams } from '../../sim/core/world/params.js';
export { allEnvs, envIds, findEnv, isBuiltInEnv, registerEnv } from '../../sim/agent/moduleStore.js';

// A configuration and its runs.
export { PUBLISHED_AGENT } from '../../sim/agent/agentConfig.js';
export type { AgentConfig } from '../../sim/agent/agentConfig.js';
export { normalizeRun, PUBLISHED_RUN } from '../../sim/experiment/config.js';
export type { Run, RunConfig } from '../../sim/experiment/config.js';
export { runExperiment, summarizeRounds } from '../../sim/experiment/experiment.js';
export type { ExperimentOptions, ExperimentResult, RoundSummary } from '../../sim/experiment/experiment.js';
export { runReplicate } from '../../sim/experiment/replicate.js';
export type { ReplicateObserver, ReplicateOptions } from '../../sim/experiment/replicate.js';
export type { RoundMetrics } from '../../sim/core/metrics.js';
export { runMetrics } from '../../sim/experiment/runMetrics.js';
export type { MeanSd, RunMetrics } from '../../sim/experiment/runMetrics.js';

// A sweep's cells.
export { runSweep } from '../../sim/experiment/sweep.js';
export type { SweepCell, SweepResult } from '../../sim/experiment/sweep.js';
export { cellId } from '../../sim/experiment/cellId.js';

// The exact bounds of the lock, and the anchors a run's figures are read against.
export { computeLimits, LIMITS_MAX_BITS, limitsMaxCap } from '../../sim/limits/limits.js';
export type { ExactFigure, LimitsResult } from '../../sim/limits/limits.js';
export { poolAnchors } from '../../sim/limits/anchors.js';
export type { AnchorSettings, PoolAnchor } from '../../sim/limits/anchors.js';
export { openerAnchor } from '../../sim/limits/openerAnchor.js';
export type { ExactValue, GuessingAnchor } from '../../sim/core/analytics.js';

// A run's CSV, the bytes of `hexa run --csv`.
export { runCsv } from '../../reports/csv/rows.js';

// The host, for what a run borrows from the program it runs in.
export { host, installHost } from '../../sim/core/host/host.js';
export type { Sha256 } from '../../sim/core/digest/sha256.js';
export type {
  Host,
  HostThread,
  Interrupted,
  LoadProbe,
  ParentThread,
  ProcessGuard,
  ThreadEvents,
  ThreadOptions,
} from '../../sim/core/host/host.js';
