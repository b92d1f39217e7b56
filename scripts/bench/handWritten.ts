/**
 * The published 4-bit exploitation arm written out by hand for this one configuration — truth 1011, 5 rounds
 * × 30 tasks, cap 20, the Evolver once a round on the round's samples, top 2 claims of share ≥ 0.85 from at
 * least 3 samples, replace — with the same keyed streams and draws as the engine, so it plays the same
 * attempts (a test checks it replicate by replicate). No Env, Library, Evolver, Retriever or hooks: what is
 * left is what the protocol itself costs, the benchmark's measure of how far the general engine is from it.
 */
import { ReplicateKey } from '../../sim/core/rng.js';
import { popcount32 } from '../../sim/core/bitCode.js';

const TRUTH = 0b1101; // 1011 with position p at bit p
const WIDTH = 0b1111;
const ROUNDS = 5;
const TASKS = 30;
const CAP = 20;
const GOOD = 3;
const THRESHOLD = 0.85;
const MIN_EVIDENCE = 3;

/** High-score samples of the round, by code. */
const tallies = new Int32Array(16);

/** One replicate; returns its attempts, and writes each round's into `rounds` when given. */
export function handWrittenReplicate(seed: number, replicate: number, rounds?: Int32Array): number {
  const key = new ReplicateKey(seed, replicate);
  const guess = key.stream('guess');
  let keep = -1; // positions not fixed by the constraint
  let values = 0;
  let total = 0;
  for (let round = 0; round < ROUNDS; round++) {
    tallies.fill(0);
    let samples = 0;
    let attempts = 0;
    for (let task = 0; task < TASKS; task++) {
      key.rekey(guess, 'guess', round, task);
      let attempt = 1;
      for (; attempt <= CAP; attempt++) {
        const code = ((guess.int32() & keep) | values) & WIDTH;
        const score = popcount32(~(code ^ TRUTH) & WIDTH);
        const high = +(score >= GOOD);
        tallies[code]! += high;
        samples += high;
        if (score === 4) break;
      }
      attempts += Math.min(attempt, CAP);
    }
    if (rounds !== undefined) rounds[round] = attempts;
    total += attempts;
    // Evolve: per position the value holding a share ≥ threshold; the two best shares (then the lower position) are the
    // constraint.
    let first = -1;
    let firstShare = -1;
    let firstValue = 0;
    let second = -1;
    let secondShare = -1;
    let secondValue = 0;
    if (samples >= MIN_EVIDENCE) {
      for (let p = 0; p < 4; p++) {
        let ones = 0;
        for (let c = 0; c < 16; c++) if ((c >>> p) & 1) ones += tallies[c]!;
        for (let v = 0; v < 2; v++) {
          const share = (v === 1 ? ones : samples - ones) / samples;
          if (share < THRESHOLD) continue;
          if (share > firstShare) {
            second = first;
            secondShare = firstShare;
            secondValue = firstValue;
            first = p;
            firstShare = share;
            firstValue = v;
          } else if (share > secondShare) {
            second = p;
            secondShare = share;
            secondValue = v;
          }
        }
      }
    }
    keep = -1;
    values = 0;
    if (first >= 0) {
      keep &= ~(1 << first);
      values |= firstValue << first;
    }
    if (second >= 0) {
      keep &= ~(1 << second);
      values |= secondValue << second;
    }
  }
  return total;
}
