/**
 * The Evolver distils skills from high-score samples. It keeps sufficient statistics — per (position,
 * value) counts over the current window — updated as each batch of samples arrives (`observe`,
 * samples/sampleBatch.ts), so an evolution costs O(positions × values) however long the history, and memory
 * does not grow with it.
 *
 * Contexts: with `scope: 'context'` it keeps one set of counts per context and its claims are scoped to
 * the context their evidence came from; with `scope: 'global'` it pools every context and its claims apply
 * everywhere. In a world with one context (the lock) the two are the same.
 *
 * Indexes: the per-group and per-(group, position) arrays are sized in the constructor from the world's
 * contexts, positions and values, and indexed only with those, so reads are written `a[i]!`: an assertion
 * the sizes prove, with no check per batch or per evolution.
 */
import type { AgentConfig } from './agentConfig.js';
import type { ClaimSink } from './library.js';
import { wilsonLower } from './lifecycle/threshold.js';
import { EVERY_CONTEXT, type SkillClaim } from './skill.js';
import { PositionCounts } from './samples/positionCounts.js';
import { SMALL_BITS, type SampleBatch } from './samples/sampleBatch.js';
import { lastWordMask } from '../core/bitCode.js';
import { msg } from '../core/messages.js';
import { fillAll } from '../core/fill.js';

/** The Evolver's settings an extraction rule may read. */
export interface ExtractionRules {
  readonly threshold: number;
  readonly minEvidence: number;
  readonly lcbZ: number;
  readonly positions: number;
  readonly arity: number;
}

/**
 * A rule other than the published one deciding which (position, value) claims evidence supports (`--extraction FILE`).
 */
export interface ExtractionRule {
  /**
   * Claims from one position's evidence in one scope: of the `n` high-score samples (at least
   * `--min-evidence`), `counts[v]` hold value v at `position`. Call `emit(value, confidence)` once per claim;
   * the confidence becomes the skill's confidence (and, under the published lifecycle, its weight).
   * `counts` is a live view: read it, never keep or change it.
   */
  extract(counts: Int32Array, n: number, emit: (value: number, confidence: number) => void, position: number): void;
}

/**
 * The rules the Evolver reads; `scope` defaults to per-context, `thresholdRule` to the raw share, and
 * `extraction` (a loaded module's name) replaces the published rule when given.
 */
export type EvolverRules = Pick<AgentConfig, 'minEvidence' | 'threshold' | 'window' | 'samples'> &
  Partial<Pick<AgentConfig, 'scope' | 'thresholdRule' | 'lcbZ' | 'extraction'>>;

/** 2^32: a binary code of up to 32 positions and its group as one number (distinct-sample keys). */
const GROUP_STRIDE = 2 ** 32;

/**
 * The Evolver: counts each batch of high-score samples and, at each evolution, emits the (position, value) claims
 * the evidence supports into a ClaimSink (usually the Library).
 */
export class Evolver {
  /** Per (group, position, value) counts of the window's samples. */
  private readonly counts: PositionCounts;
  /** Samples per group. */
  private readonly samples: Int32Array;
  /** Per (group, position): the group's sample count when that position's evidence was last forgotten. */
  private readonly forgotten: Int32Array;
  private readonly groups: number;
  private readonly pooled: boolean;
  /**
   * Codes already counted, for `samples: 'distinct'` only (bounded by the number of distinct high-score
   * codes): a binary code of up to 32 positions as a number, any other as text.
   */
  private readonly seen = new Set<string | number>();
  /**
   * The same for a small binary world (at most SMALL_BITS positions): one flag per (group, code), so a sample's
   * check is an array read, not a hashed lookup; empty otherwise.
   */
  private readonly seenCodes: Uint8Array;
  /** Codes flagged in `seenCodes`, to clear only those. */
  private readonly seenList: Int32Array;
  private seenCount = 0;
  private readonly numericKeys: boolean;
  private readonly lastWord: number;
  /** A counts view per (group, position), for a plugin extraction rule. */
  private readonly views: Int32Array[] = [];
  /** The claim being read by the rule: where its `emit` sends it (set for each position, nothing allocated). */
  private target: ClaimSink | null = null;
  private targetPosition = 0;
  private targetContext = 0;
  private targetEvidence = 0;
  /** Claims the last evolution made. */
  claims = 0;
  /**
   * Advanced whenever the counts an evolution reads may have changed (samples counted, evidence forgotten, a
   * window closed): equal revisions, the same claims.
   */
  revision = 0;

  constructor(
    private readonly positions: number,
    private readonly arity: number,
    private readonly rules: EvolverRules,
    contexts = 1,
    /** A plugin rule in place of the published one (sim/agent/plugins/build.ts builds it from `rules.extraction`). */
    private readonly rule: ExtractionRule | null = null,
  ) {
    this.pooled = rules.scope === 'global';
    this.groups = this.pooled ? 1 : contexts;
    this.counts = new PositionCounts(this.groups, positions, arity);
    this.samples = new Int32Array(this.groups);
    this.forgotten = new Int32Array(this.groups * positions);
    this.numericKeys = arity === 2 && positions <= 32;
    const small = arity === 2 && positions <= SMALL_BITS && rules.samples === 'distinct';
    this.seenCodes = new Uint8Array(small ? this.groups << positions : 0);
    this.seenList = new Int32Array(this.seenCodes.length);
    this.lastWord = lastWordMask(positions);
    const counts = this.counts.counts;
    if (rule !== null)
      for (let i = 0; i < this.groups * positions; i++) this.views.push(counts.subarray(i * arity, (i + 1) * arity));
  }

  /** The rule's `emit`: one claim at the position being read (checked, since a module can emit anything). */
  private readonly emitClaim = (value: number, confidence: number): void => {
    if (!(Number.isInteger(value) && value >= 0 && value < this.arity && Number.isFinite(confidence))) {
      throw new RangeError(msg.badClaim(this.rules.extraction ?? '?', value, confidence, this.arity));
    }
    this.claims++;
    this.target!.emit(this.targetPosition, value, confidence, this.targetEvidence, this.targetContext);
  };

  /** Number of samples in the current window (all contexts). */
  get evidence(): number {
    let n = 0;
    for (let g = 0; g < this.groups; g++) n += this.samples[g]!;
    return n;
  }

  /** A new round begins: with a round window, earlier samples are forgotten. */
  beginRound(): void {
    if (this.rules.window === 'round') {
      this.revision++;
      this.counts.clear();
      fillAll(this.samples, 0);
      fillAll(this.forgotten, 0);
      this.seen.clear();
      const seenCodes = this.seenCodes;
      for (let k = 0; k < this.seenCount; k++) seenCodes[this.seenList[k]!] = 0;
      this.seenCount = 0;
    }
  }

  private groupOf(context: number): number {
    return this.groups === 1 ? 0 : context;
  }

  /** The scope of claims made from samples seen in `context`. */
  scopeOf(context: number): number {
    return this.pooled ? EVERY_CONTEXT : context;
  }

  /**
   * Of the window's samples in a claim's scope (`context`, or EVERY_CONTEXT when pooled) whose evidence at
   * `position` is not forgotten, how many there are and how many hold `value` — what the next evolution
   * would read for that claim.
   */
  evidenceFor(
    context: number,
    position: number,
    value: number,
  ): { readonly samples: number; readonly holding: number } {
    const g = context === EVERY_CONTEXT ? 0 : this.groupOf(context);
    this.counts.settle();
    return {
      samples: this.samples[g]! - this.forgotten[g * this.positions + position]!,
      holding: this.counts.counts[(g * this.positions + position) * this.arity + value]!,
    };
  }

  /** The (position, value) counts of the samples seen in `context`, as of this call — a view, read only. */
  countsOf(context: number): Int32Array {
    const size = this.positions * this.arity;
    const g = this.groupOf(context);
    this.counts.settle();
    return this.counts.counts.subarray(g * size, (g + 1) * size);
  }

  /**
   * Count a batch of high-score samples (sampleBatch.ts) — every one, except those kept apart from the
   * Evolver (`routed`) and, with `samples: 'distinct'`, codes counted before.
   */
  observe(batch: SampleBatch): void {
    const group = this.groupOf(batch.context);
    const routed = batch.routed;
    const distinct = this.rules.samples === 'distinct';
    if (routed === null && !distinct) {
      if (batch.count === 0) return;
      this.revision++;
      this.samples[group]! += batch.count;
      this.counts.add(group, batch);
      return;
    }
    for (let i = 0; i < batch.entries; i++) {
      const times = batch.times(i);
      if (times === 0 || (routed !== null && routed[i] === 0)) continue;
      if (distinct && !this.firstTime(group, batch, i)) continue;
      const counted = distinct ? 1 : times;
      this.revision++;
      this.samples[group]! += counted;
      this.counts.addTimes(group, batch, i, counted);
    }
  }

  /** Whether entry i of a batch is a code new in its group; remembers it. */
  private firstTime(group: number, batch: SampleBatch, i: number): boolean {
    if (this.seenCodes.length > 0) {
      const at = (group << this.positions) | (batch.word(i) & this.lastWord);
      if (this.seenCodes[at] === 1) return false;
      this.seenCodes[at] = 1;
      this.seenList[this.seenCount++] = at;
      return true;
    }
    let key: string | number;
    if (this.numericKeys) key = group * GROUP_STRIDE + ((batch.word(i) & this.lastWord) >>> 0);
    else {
      const text = batch.text(i);
      key = this.groups === 1 ? text : `${group}:${text}`;
    }
    if (this.seen.has(key)) return false;
    this.seen.add(key);
    return true;
  }

  /**
   * Drop the evidence about one position in one scope (a falsified skill's claim should not be re-emitted
   * from the evidence that produced it). Other positions keep theirs.
   */
  forget(context: number, position: number): void {
    const group = context === EVERY_CONTEXT ? 0 : this.groupOf(context);
    const base = (group * this.positions + position) * this.arity;
    this.revision++;
    this.counts.settle();
    this.counts.counts.fill(0, base, base + this.arity);
    this.forgotten[group * this.positions + position] = this.samples[group]!;
  }

  /**
   * The published extraction: with at least `minEvidence` samples, every (position, value) whose share
   * reaches `threshold` becomes a claim with confidence = that share and evidence = the sample count.
   * With `thresholdRule: 'lcb'` the share's Wilson lower bound (at `lcbZ`) must reach the threshold, and
   * the claim's confidence is that bound. Claims go straight to `sink` (the library), in (scope, position,
   * value) order.
   */
  evolveInto(sink: ClaimSink): void {
    this.claims = 0;
    if (this.rule !== null) return this.evolveByRule(this.rule, sink);
    const { minEvidence } = this.rules;
    // A number the compiler holds unboxed: read from the rules, it is checked for a heap number at every value.
    const threshold = +this.rules.threshold;
    const byBound = this.rules.thresholdRule === 'lcb';
    const z = this.rules.lcbZ ?? 1.645;
    const { positions, arity, samples, forgotten } = this;
    this.counts.settle();
    const counts = this.counts.counts;
    for (let g = 0; g < this.groups; g++) {
      const context = this.pooled ? EVERY_CONTEXT : g;
      for (let p = 0; p < positions; p++) {
        const n = samples[g]! - forgotten[g * positions + p]!;
        if (n < minEvidence || n === 0) continue;
        const base = (g * positions + p) * arity;
        if (arity === 2 && !byBound) {
          // A binary position written out: the loop below for its two values, the same divisions in the same order.
          const zero = counts[base]! / n;
          if (zero >= threshold) {
            this.claims++;
            sink.emit(p, 0, zero, n, context);
          }
          const one = counts[base + 1]! / n;
          if (one >= threshold) {
            this.claims++;
            sink.emit(p, 1, one, n, context);
          }
          continue;
        }
        for (let v = 0; v < arity; v++) {
          const count = counts[base + v]!;
          const confidence = byBound ? wilsonLower(count, n, z) : count / n;
          if (confidence >= threshold) {
            this.claims++;
            sink.emit(p, v, confidence, n, context);
          }
        }
      }
    }
  }

  /** A plugin rule reads each (scope, position) with enough evidence, in the published order. */
  private evolveByRule(rule: ExtractionRule, sink: ClaimSink): void {
    // A module's rule may answer the same counts differently: no evolution by rule repeats the last.
    this.revision++;
    const { positions } = this;
    this.counts.settle();
    this.target = sink;
    for (let g = 0; g < this.groups; g++) {
      for (let p = 0; p < positions; p++) {
        const n = this.samples[g]! - this.forgotten[g * positions + p]!;
        if (n < this.rules.minEvidence || n === 0) continue;
        this.targetContext = this.pooled ? EVERY_CONTEXT : g;
        this.targetPosition = p;
        this.targetEvidence = n;
        rule.extract(this.views[g * positions + p]!, n, this.emitClaim, p);
      }
    }
    this.target = null;
  }

  /** The claims as a list (for inspection and tests). */
  evolve(): SkillClaim[] {
    const claims: SkillClaim[] = [];
    this.evolveInto({
      emit: (position, value, confidence, evidence, context = 0) =>
        claims.push({ context, position, value, confidence, evidence }),
    });
    return claims;
  }
}
