/** What one replicate reports for one round. */
export interface RoundMetrics {
  /** 1-based round. */
  readonly round: number;
  readonly tasks: number;
  /** Sum of attempts over the round's tasks (an unsolved task counts the cap). */
  readonly attempts: number;
  readonly meanAttempts: number;
  readonly solved: number;
  readonly solveRate: number;
  /** Skills in the library at the end of the round. */
  readonly skills: number;
  /** Distinct skills that have entered the library since the run began (cumulative). */
  readonly skillsEver: number;
  /** Of those, skills contradicting the world's truth at the round's end (noise, or stale). */
  readonly wrongSkillsEver: number;
  /** Tasks that started with a non-empty library (skills in use). */
  readonly tasksWithSkills: number;
  /** Fixed positions in the constraint at the end of the round. */
  readonly constraintSize: number;
  readonly tests: number;
  readonly refutations: number;
  /** refutations / tests; 0 when nothing was tested. */
  readonly refutationRate: number;
  /** Retriever clashes summed over the round's tasks. */
  readonly clashes: number;
  /** Tasks whose constraint left no code, so the Actor fell back to all codes. */
  readonly fallbacks: number;
  /** Attempts that ignored the constraint. */
  readonly explorations: number;
  /** High-score samples recorded in the round. */
  readonly goodSamples: number;
  /** Skills the lifecycle retired (or demoted to mistakes) during the round. */
  readonly retired: number;
  /** Failed calls by kind (the tool loop's taxonomy; 0 in worlds without one). */
  readonly toolErrors: number;
  readonly paramErrors: number;
  readonly ambiguousQueries: number;
  readonly toolUnavailable: number;
  /** Times the circuit breaker disabled a tool. */
  readonly breakerTrips: number;
}

/** Counters the Actor and runner add to during a round. */
export class RoundTally {
  attempts = 0;
  solved = 0;
  clashes = 0;
  fallbacks = 0;
  explorations = 0;
  /** Explorations already handed over with a sample batch (so each batch knows its own). */
  explorationsHanded = 0;
  goodSamples = 0;
  tasksWithSkills = 0;
  toolErrors = 0;
  paramErrors = 0;
  ambiguousQueries = 0;
  toolUnavailable = 0;
  breakerTrips = 0;

  /** Zero every counter, for the next round. */
  reset(): void {
    this.attempts =
      this.solved =
      this.clashes =
      this.fallbacks =
      this.explorations =
      this.explorationsHanded =
      this.goodSamples =
      this.tasksWithSkills =
        0;
    this.toolErrors = this.paramErrors = this.ambiguousQueries = this.toolUnavailable = this.breakerTrips = 0;
  }
}
