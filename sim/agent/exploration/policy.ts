/** The exploration policies of `config.ts`: a rate per task, updated from the tests each task produced. */
import type { ExplorationConfig } from './config.js';

/** Sets the exploration rate task by task, from what the tasks before it produced. */
export interface ExplorationPolicy {
  /** The per-attempt exploration rate for the task about to start. */
  rate(taskIndex: number): number;
  /** A task ended having produced these skill tests and refutations. */
  observe(tests: number, refutations: number): void;
  /** Whether the rate can ever be above 0 (else no exploration stream is needed). */
  readonly mayExplore: boolean;
  /** true: `rate` is the same for every task and `observe` does nothing, so a runner may call neither per task. */
  readonly constant?: boolean;
}

export class FixedRate implements ExplorationPolicy {
  readonly constant = true;
  constructor(private readonly base: number) {}
  get mayExplore(): boolean {
    return this.base > 0;
  }
  rate(): number {
    return this.base;
  }
  observe(): void {}
}

export class DecayingRate implements ExplorationPolicy {
  constructor(
    private readonly base: number,
    private readonly halflife: number,
    private readonly floor: number,
  ) {}
  get mayExplore(): boolean {
    return this.base > 0 || this.floor > 0;
  }
  rate(taskIndex: number): number {
    const decayed = this.halflife > 0 ? this.base * 2 ** (-taskIndex / this.halflife) : this.base;
    return Math.max(this.floor, decayed);
  }
  observe(): void {}
}

/** The article's rule, over a sliding window of the last `window` tasks (ring buffers, no allocation). */
export class RefutationTriggered implements ExplorationPolicy {
  private readonly tests: Int32Array;
  private readonly refuted: Int32Array;
  private next = 0;
  private sumTests = 0;
  private sumRefuted = 0;
  private high = false;

  constructor(
    private readonly base: number,
    private readonly cfg: ExplorationConfig,
  ) {
    this.tests = new Int32Array(cfg.window);
    this.refuted = new Int32Array(cfg.window);
  }

  get mayExplore(): boolean {
    return this.base > 0 || this.cfg.high > 0;
  }

  /** Refutations / tests over the window (NaN while nothing was tested). */
  get windowRate(): number {
    return this.sumTests === 0 ? NaN : this.sumRefuted / this.sumTests;
  }

  rate(_taskIndex?: number): number {
    return this.high ? this.cfg.high : this.base;
  }

  observe(tests: number, refutations: number): void {
    const i = this.next;
    this.sumTests += tests - this.tests[i]!;
    this.sumRefuted += refutations - this.refuted[i]!;
    this.tests[i] = tests;
    this.refuted[i] = refutations;
    this.next = (i + 1) % this.tests.length;
    const r = this.windowRate;
    if (r > this.cfg.refuteHigh) this.high = true;
    else if (r < this.cfg.refuteLow) this.high = false;
  }
}
