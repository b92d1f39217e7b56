/**
 * hexa-sim's public API: `import { … } from 'hexa-sim'`. Everything the command line does, from code —
 * declare a world with the same EnvSpec contract as the built-in ones and check it, build an Actor,
 * Evolver, Retriever and Library and run one task by hand, run a whole experiment or a sweep in this
 * process, give the agent policies of your own, and write result folders that `hexa report` reads.
 * This module only re-exports: it is the package's front door, the layers below hold the code.
 */

// Worlds: the contract, declaring and registering one, and the environment checker.
export { contextsOf, EnvParamError, FAILURE, paramErrorOf, TaskEndedError } from '../../envs/env.js';
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
  WorldPurpose,
} from '../../envs/env.js';
export { defineEnv, envSpecProblem } from '../../envs/define.js';
export { resolveEnvParams } from '../../envs/params.js';
export { allEnvs, envIds, findEnv, isBuiltInEnv, registerEnv } from '../../sim/agent/moduleStore.js';
export { CHECK_NAMES, checkEnv, firstFailure } from '../../envs/check/checker.js';
export type { CheckName, CheckOptions, CheckResult, CheckStatus, EnvCheck } from '../../envs/check/checker.js';
export { makeEnv, trajectory } from '../../envs/check/harness.js';
export type { Submission } from '../../envs/check/harness.js';
export { SeededTask, TASKS_PER_ROUND } from '../../envs/task.js';

// Keyed random streams and per-round counters.
export { AleaStream, ReplicateKey } from '../../sim/core/rng.js';
export type { AleaState, Purpose, Stream } from '../../sim/core/rng.js';
export type { Interval } from '../../sim/core/stats.js';
export { RoundTally } from '../../sim/core/metrics.js';
export type { RoundMetrics } from '../../sim/core/metrics.js';

// The agent.
export { Actor } from '../../sim/agent/actor.js';
export type { ActorParts, TaskStreams } from '../../sim/agent/actor.js';
export type { AttemptLoop } from '../../sim/agent/attemptLoop.js';
export { Evolver } from '../../sim/agent/evolver.js';
export type { EvolverRules, ExtractionRule, ExtractionRules } from '../../sim/agent/evolver.js';
export { Library } from '../../sim/agent/library.js';
export type { ClaimSink, LibraryWorld } from '../../sim/agent/library.js';
export type {
  ExitReason,
  LibraryEvent,
  LibraryObserver,
  Listener,
  SamplesSince,
} from '../../sim/agent/history/observer.js';
export type {
  Evolution,
  ReplicateHistory,
  SkillLife,
  SkillOrigin,
  SkillRound,
} from '../../sim/agent/history/recorder.js';
export { SampleBatch, SMALL_BITS } from '../../sim/agent/samples/sampleBatch.js';
export type { SampleLayout } from '../../sim/agent/samples/sampleBatch.js';
export { Retriever } from '../../sim/agent/retriever.js';
export type { SkillOrder } from '../../sim/agent/retriever.js';
export { Constraint } from '../../sim/agent/constraint.js';
export { compareSkills, covers, EVERY_CONTEXT } from '../../sim/agent/skill.js';
export type { ClaimNamer, Skill, SkillClaim, SkillRecord, SkillStanding } from '../../sim/agent/skill.js';
export { PUBLISHED_AGENT } from '../../sim/agent/agentConfig.js';
export type { AgentConfig } from '../../sim/agent/agentConfig.js';
export { DEFAULT_LIFECYCLE, LIFECYCLES } from '../../sim/agent/lifecycle/config.js';
export type { LifecycleConfig, LifecycleName } from '../../sim/agent/lifecycle/config.js';
export type { Lifecycle, TaskOutcome } from '../../sim/agent/lifecycle/lifecycle.js';
export { DEFAULT_EXPLORATION, EXPLORATIONS } from '../../sim/agent/exploration/config.js';
export type { ExplorationConfig, ExplorationName } from '../../sim/agent/exploration/config.js';
export type { ExplorationPolicy } from '../../sim/agent/exploration/policy.js';

// Policies of your own (the contracts of --lifecycle, --exploration, --extraction, --ranking FILE).
export {
  BUILT_IN_POLICIES,
  findPolicy,
  ModuleStore,
  moduleStore,
  policyProblem,
  registerPolicy,
} from '../../sim/agent/moduleStore.js';
export { POLICY_KINDS } from '../../sim/agent/plugins/contracts.js';
export type {
  ExplorationPlugin,
  ExtractionPlugin,
  LifecyclePlugin,
  LifecyclePluginParts,
  PolicyKind,
  PolicyModule,
  PolicyPlugin,
  RankingPlugin,
} from '../../sim/agent/plugins/contracts.js';

// Experiments: one replicate, a whole run, a sweep in this process, plugin module files.
export { normalizeRun, PUBLISHED_RUN } from '../../sim/experiment/config.js';
export type { ModuleKind, ModuleRef, Run, RunConfig } from '../../sim/experiment/config.js';
export type { CodeKind } from '../../sim/agent/moduleStore.js';
export { runExperiment, summarizeRounds } from '../../sim/experiment/experiment.js';
export type { ExperimentOptions, ExperimentResult, RoundSummary } from '../../sim/experiment/experiment.js';
export { runReplicate } from '../../sim/experiment/replicate.js';
export type { ReplicateObserver, ReplicateOptions } from '../../sim/experiment/replicate.js';
export { AccountingTally } from '../../sim/reproduction/observers/accountingTally.js';
export type { AccountingMetrics } from '../../sim/reproduction/observers/accountingTally.js';
export { runMetrics } from '../../sim/experiment/runMetrics.js';
export type { MeanSd, RunMetrics } from '../../sim/experiment/runMetrics.js';
export { runSweep } from '../../sim/experiment/sweep.js';
export type { SweepCell, SweepResult } from '../../sim/experiment/sweep.js';
export { cellId } from '../../sim/experiment/cellId.js';
export { ensureModules, loadModule } from '../../sim/agent/plugins/load.js';
export type { LoadedModule, LoadOptions } from '../../sim/agent/plugins/load.js';

// Result folders for `hexa report`.
export { writeRunFolder } from '../../reports/folders/folders.js';
export { writeSweepFolder } from '../sweep/folder/sweepFolder.js';
export type { FolderOptions, PublishedDb } from '../../reports/folders/folders.js';
export type { ResultFormat } from '../../reports/parquet/sweepTables.js';
export { loadResultFolder, readResultFolder } from '../../reports/resultFolder.js';
export type { FolderRanks, FolderVerdict, Group, PosteriorBar, ResultData } from '../../reports/resultFolder.js';
export type { ResultKind } from '../../reports/manifest.js';
export type { CsvTable } from '../../reports/csv/csvRead.js';
