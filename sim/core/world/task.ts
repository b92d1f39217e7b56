/**
 * The one task context: where a task sits in the run, and the world's streams for it, keyed by
 * (purpose, round, task) from the replicate's key. The runner re-uses one per replicate, the environment
 * checker and code stepping a world by hand make their own; all key streams alike.
 */
import type { TaskContext, WorldPurpose } from './env.js';
import { AleaStream, type ReplicateKey, type Stream } from '../rng.js';

/** Tasks a round in the published protocol (docs/model.md): the default of `--tasks` and of a SeededTask. */
export const TASKS_PER_ROUND = 30;

/**
 * A reusable task context whose world streams are keyed only if the world asks for them. Each purpose has
 * one stream object, made at its first request and re-keyed at each (nothing allocated per task): valid
 * until the next request for that purpose. Most worlds ask for none.
 */
export class SeededTask implements TaskContext {
  round = 0;
  task = 0;
  taskIndex = 0;
  /**
   * The round that keys the task's streams (differs from `round` only in a prior batch, see
   * sim/experiment/replicate.ts).
   */
  keyRound = 0;
  private readonly streams: Partial<Record<WorldPurpose, AleaStream>> = {};
  constructor(
    private readonly key: ReplicateKey,
    private readonly tasksPerRound = TASKS_PER_ROUND,
  ) {}
  /** The task at this index of the run (round × tasks per round + task), keyed by its own round. */
  at(taskIndex: number): this {
    this.taskIndex = taskIndex;
    this.round = this.keyRound = Math.floor(taskIndex / this.tasksPerRound);
    this.task = taskIndex % this.tasksPerRound;
    return this;
  }
  stream(purpose: WorldPurpose = 'env'): Stream {
    const stream = (this.streams[purpose] ??= new AleaStream(0, 0, 0));
    return this.key.rekey(stream, purpose, this.keyRound, this.task);
  }
}
