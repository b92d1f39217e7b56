/**
 * Every test accounting at once, beside the configured one: tests and refutations as each attempt is recorded
 * (per high-score sample, and per other attempt for the 'any' unit) and at each evolution. An observer of the
 * replicate's library (sim/agent/history/observer.ts), so asking for it changes no run; the audit reads the four
 * accountings off one run instead of running four (the skills' records steer nothing under the published
 * lifecycle).
 */
import type { SamplesSince } from '../../agent/history/observer.js';
import type { Library } from '../../agent/library.js';
import type { SampleBatch } from '../../agent/samples/sampleBatch.js';
import { covers, type Skill } from '../../agent/skill.js';
import type { ReplicateObserver } from '../../experiment/replicate.js';

/** A round's tests and refutations under each test accounting (unit × timing). */
export interface AccountingMetrics {
  readonly tests: {
    readonly high: { readonly record: number; readonly evolve: number };
    readonly any: { readonly record: number; readonly evolve: number };
  };
  readonly refutations: { readonly record: number; readonly evolve: number };
}

/** The counts so far. */
interface Counts {
  recordHighTests: number;
  /** Tests by attempts that were no high-score sample ('any' unit only). */
  recordOtherTests: number;
  recordRefutations: number;
  evolveHighTests: number;
  evolveAnyTests: number;
  evolveRefutations: number;
}

const zero = (): Counts => ({
  recordHighTests: 0,
  recordOtherTests: 0,
  recordRefutations: 0,
  evolveHighTests: 0,
  evolveAnyTests: 0,
  evolveRefutations: 0,
});

/** A round's counts under every accounting: the counts now less the counts before the round. */
function accountingsOf(now: Counts, before: Counts): AccountingMetrics {
  const high = now.recordHighTests - before.recordHighTests;
  return {
    tests: {
      high: { record: high, evolve: now.evolveHighTests - before.evolveHighTests },
      any: {
        record: high + now.recordOtherTests - before.recordOtherTests,
        evolve: now.evolveAnyTests - before.evolveAnyTests,
      },
    },
    refutations: {
      record: now.recordRefutations - before.recordRefutations,
      evolve: now.evolveRefutations - before.evolveRefutations,
    },
  };
}

/** How many of the skills applying in `context` a one-word code refutes (its bit at their position differs). */
function refutingWord(word: number, skills: readonly Skill[], context: number): number {
  let refuting = 0;
  for (let s = 0; s < skills.length; s++) {
    const skill = skills[s]!;
    if (covers(skill, context) && ((word >>> skill.position) & 1) !== skill.value) refuting++;
  }
  return refuting;
}

/** One replicate's tally (`ReplicateOptions.observe`): every accounting's counts, round by evaluation round. */
export class AccountingTally implements ReplicateObserver {
  /** Each evaluation round's counts, in order. */
  readonly rounds: AccountingMetrics[] = [];
  private readonly now = zero();
  private readonly before = zero();
  /** A sample's code value by value. */
  private readonly code: Int32Array;
  private readonly contexts: number;

  constructor(library: Library) {
    this.code = new Int32Array(library.positions);
    this.contexts = library.contexts;
  }

  /**
   * A batch's record-time tests, as 'record' timing would count them against the skills held now: each
   * high-score sample tests every applicable skill and refutes those it disagrees with; with the 'any' unit the
   * other attempts test them too. Once per batch.
   */
  recording(batch: SampleBatch, skills: readonly Skill[]): void {
    const now = this.now;
    const { attempts, count, context } = batch;
    let applicable = 0;
    for (let s = 0; s < skills.length; s++) if (covers(skills[s]!, context)) applicable++;
    if (applicable === 0) return;
    let highTests = 0;
    let refutations = 0;
    if (batch.layout === 'bits' && batch.stride === 1) {
      // A list of one-word samples, each counted once: read from the list, not entry by entry through the batch.
      const codes = batch.codes;
      highTests = applicable * count;
      for (let i = 0; i < count; i++) refutations += refutingWord(codes[i]!, skills, context);
    } else {
      // A code counted by code is one word, read bit by bit from it; any other is unpacked value by value.
      const oneWord = batch.layout === 'byCode';
      const code = this.code;
      const entries = batch.entries;
      for (let i = 0; i < entries; i++) {
        const times = batch.times(i);
        if (times === 0) continue;
        highTests += applicable * times;
        let refuting = 0;
        if (oneWord) refuting = refutingWord(batch.word(i), skills, context);
        else {
          batch.unpack(i, code);
          for (let s = 0; s < skills.length; s++) {
            const skill = skills[s]!;
            if (covers(skill, context) && code[skill.position] !== skill.value) refuting++;
          }
        }
        refutations += refuting * times;
      }
    }
    now.recordHighTests += highTests;
    now.recordRefutations += refutations;
    now.recordOtherTests += applicable * (attempts - count);
  }

  /** An evolution's tests, as 'evolve' timing counts them against the samples since the previous one. */
  evolved(skills: readonly Skill[], since: SamplesSince): void {
    // Context by context, the skills that apply there: each tested by the context's every pending sample (and
    // attempt), refuted by those not holding its value. Integer counts, summed in locals and added once.
    let highTests = 0;
    let anyTests = 0;
    let refutations = 0;
    for (let c = 0; c < this.contexts; c++) {
      // Without a pending sample in the context none holds a value: the tallies need no reading.
      const high = since.high(c);
      let applicable = 0;
      let holding = 0;
      for (let s = 0; s < skills.length; s++) {
        const skill = skills[s]!;
        if (!covers(skill, c)) continue;
        applicable++;
        if (high !== 0) holding += since.holding(c, skill.position, skill.value);
      }
      if (applicable === 0) continue;
      highTests += applicable * high;
      anyTests += applicable * since.attempts(c);
      refutations += applicable * high - holding;
    }
    const now = this.now;
    now.evolveHighTests += highTests;
    now.evolveAnyTests += anyTests;
    now.evolveRefutations += refutations;
  }

  roundBegins(): void {
    // Into the one object kept for it: a round's start allocates nothing.
    Object.assign(this.before, this.now);
  }

  roundEnded(): void {
    this.rounds.push(accountingsOf(this.now, this.before));
  }
}
