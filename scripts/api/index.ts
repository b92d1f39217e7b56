/**
 * hexa-sim's public API: `import { … } from 'hexa-sim'`. Everything the command line does, from code —
 * declare a world with the same EnvSpec contract as the built-in ones and check it, build an Actor,
 * Evolver, Retriever and Library and run one task by hand, run a whole experiment or a sweep in this
 * process, give the agent policies of your own, and write result folders that `hexa report` reads.
 * This module only re-exports: it is the package's front door, the layers below hold the code. Importing it
 * installs Node's host (files, threads, SQLite, module files: sim/core/host/) and the built-in worlds;
 * `hexa-sim/engine` is the engine alone, for any host.
 */
import '../program/nodeProgram.js';

// The engine, as `hexa-sim/engine` gives it to any host: worlds, runs, a sweep's cells, the bounds, a run's CSV.
export * from './engine.js';

// Worlds: the contract, declaring and registering one, and the environment checker.
export type { WorldPurpose } from '../../sim/core/world/env.js';
export { envSpecProblem } from '../../sim/core/world/define.js';
export { CHECK_NAMES, checkEnv, firstFailure } from '../../envs/check/checker.js';
export type { CheckName, CheckOptions, CheckResult, CheckStatus, EnvCheck } from '../../envs/check/checker.js';
export { makeEnv, trajectory } from '../../envs/check/harness.js';
export type { Submission } from '../../envs/check/harness.js';
export { SeededTask, TASKS_PER_ROUND } from '../../sim/core/world/task.js';

// Keyed random streams and per-round counters.
export { AleaStream, ReplicateKey } from '../../sim/core/rng.js';
export type { AleaState, Purpose, Stream } from '../../sim/core/rng.js';
export type { Interval } from '../../sim/core/stats.js';
export { RoundTally } from '../../sim/core/metrics.js';

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
export type { CodeKind, WorldCatalog, WorldCheckFailure } from '../../sim/agent/moduleStore.js';
export type { ModuleKind, ModuleRef } from '../../sim/experiment/config.js';
export { AccountingTally } from '../../sim/reproduction/observers/accountingTally.js';
export type { AccountingMetrics } from '../../sim/reproduction/observers/accountingTally.js';
export { ensureModules, loadModule } from '../../sim/agent/plugins/load.js';
export type { LoadedModule, LoadOptions } from '../../sim/agent/plugins/load.js';

// Result folders for `hexa report`.
export { writeRunFolder } from '../../reports/folders/folders.js';
export { writeSweepFolder } from '../sweep/folder/sweepFolder.js';
export type { FolderOptions, PublishedDb } from '../../reports/folders/folders.js';
export type { ResultFormat } from '../../reports/parquet/sweepTables.js';
export { loadResultFolder, readResultFolder } from '../../reports/resultFolder.js';
export type {
  FolderRanks,
  FolderVerdict,
  Group,
  GroupInfo,
  PosteriorBar,
  ResultData,
  ResultFolder,
} from '../../reports/resultFolder.js';
export type { ExpectedCounts } from '../../reports/folderIntegrity.js';
export type { ResultKind } from '../../reports/manifest.js';
export type { CsvTable } from '../../reports/csv/csvRead.js';
