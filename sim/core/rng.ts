/**
 * Keyed random streams.
 *
 * Every stream is derived from a key — (seed, replicate) hashed with SHA-256, then (round, task, purpose)
 * mixed in — never from the order in which work runs. Two arms that differ only in agent parameters
 * therefore draw the same numbers for the same (replicate, round, task, purpose): comparisons are paired.
 *
 * The generator is seedrandom's `alea`. Building a seedrandom object, even from a saved state (and with
 * garbage), costs more than a whole 4-bit task (docs/performance.md). So the SHA-256 is paid once
 * per replicate, and each task stream is an `AleaStream`: alea's recurrence with its state set directly.
 * A test checks it against seedrandom's own alea restored from the same state, draw for draw, so any
 * stream can be replayed with `seedrandom.alea('', { state })` (see `aleaState`). A stream built once and drawn
 * from many times — a bootstrap's resamples — is seedrandom's alea itself (`ReplicateKey.generator`), restored at
 * the state the task stream of the same key starts from: there its construction is nothing beside the draws.
 */
import seedrandom from 'seedrandom';
import { sha256 } from './digest/sha256.js';

/** The draws the simulator takes from a stream. */
export interface Stream {
  /** Uniform in [0, 1) with 32 bits of randomness. */
  quick(): number;
  /** Uniform signed 32-bit integer (all 32 bits random). */
  int32(): number;
}

/** Why a stream is drawn; each purpose is an independent stream. */
export type Purpose = 'world' | 'guess' | 'explore' | 'feedback' | 'drift' | 'env' | 'bootstrap';

/** A purpose's number in the key. A switch, not a table: a table looked up by a varying key is slow in the hot path. */
export function purposeCode(purpose: Purpose): number {
  switch (purpose) {
    case 'world':
      return 1;
    case 'guess':
      return 2;
    case 'explore':
      return 3;
    case 'feedback':
      return 4;
    case 'drift':
      return 5;
    case 'env':
      return 6;
    case 'bootstrap':
      return 7;
  }
}

const TWO_POW_MINUS_32 = 2.3283064365386963e-10;

/**
 * SHA-256 of `hexa-sim/v1/seed=<seed>/replicate=<replicate>`, as eight little-endian 32-bit words: word i is
 * digest bytes 4i … 4i + 3, the first the lowest (the digest's own words are big-endian, so each is byte-swapped).
 */
export function replicateKeyWords(seed: number, replicate: number): Uint32Array {
  // The digest is a new array of the caller's: its words are byte-swapped in place.
  const words = sha256(`hexa-sim/v1/seed=${seed}/replicate=${replicate}`);
  for (let i = 0; i < 8; i++) {
    const h = words[i]!;
    words[i] = (h >>> 24) | ((h >>> 8) & 0xff00) | ((h << 8) & 0xff0000) | (h << 24);
  }
  return words;
}

/** The SHA-256 of (seed, replicate), as eight 32-bit words. All of a replicate's streams hang off it. */
export class ReplicateKey {
  private readonly words: Uint32Array;

  constructor(
    readonly seed: number,
    readonly replicate: number,
  ) {
    this.words = replicateKeyWords(seed, replicate);
  }

  /**
   * The stream for (round, task, purpose). Round and task are 0-based; pass -1 for "not task-specific"
   * (e.g. the world's hidden truth is drawn once per replicate).
   */
  stream(purpose: Purpose, round = -1, task = -1): AleaStream {
    return this.rekey(new AleaStream(0, 0, 0), purpose, round, task);
  }

  /**
   * The numbers of `stream(purpose, round, task)`, drawn by seedrandom's alea restored at that stream's state: for
   * a stream built once and drawn from many times. Not per task (see the header).
   */
  generator(purpose: Purpose, round = -1, task = -1): Stream {
    return seedrandom.alea('', { state: this.stream(purpose, round, task).aleaState() });
  }

  /** Re-key an existing stream to (round, task, purpose), as `stream` would build it (no allocation). */
  rekey(stream: AleaStream, purpose: Purpose, round = -1, task = -1): AleaStream {
    stream.keyed(this.words, purposeCode(purpose), round, task);
    return stream;
  }

  /** `rekey` by the purpose's code (`purposeCode`), looked up once by a caller that re-keys a stream every task. */
  rekeyCode(stream: AleaStream, code: number, round: number, task: number): void {
    stream.keyed(this.words, code, round, task);
  }
}

/** seedrandom's alea state: three fractions of 2^-32 and a carry. */
export interface AleaState {
  c: number;
  s0: number;
  s1: number;
  s2: number;
}

/**
 * Baagoe's Alea, exactly as seedrandom implements it (`quick` = its `prng()`, `int32` = its `int32()`),
 * but constructed from a state without seedrandom's per-object closures.
 */
export class AleaStream implements Stream {
  // Declared with numbers so the engine stores them as unboxed doubles: a field that starts undefined
  // would box every number written to it, one allocation per draw.
  private c = 1;
  private s0 = 0.5;
  private s1 = 0.5;
  private s2 = 0.5;

  constructor(s0: number, s1: number, s2: number) {
    this.s0 = s0;
    this.s1 = s1;
    this.s2 = s2;
  }

  /**
   * The state of the stream keyed by (round, task, purpose code p) under a replicate's key words w: three
   * independent 32-bit words, each a keyed hash built from murmur3's 32-bit finaliser f (a bijective mix:
   * h ^= h >>> 16, h ×= 0x85ebca6b, h ^= h >>> 13, h ×= 0xc2b2ae35, h ^= h >>> 16),
   *   s0 = f(w0 ^ f(w1 ^ f((round+1) ^ p·0x9e3779b9)) ^ (task+1))
   *   s1 = f(w2 ^ f(w3 ^ f((task+1) ^ p·0x7f4a7c15)) ^ (round+1))
   *   s2 = f(w4 ^ f(w5 ^ f(s0 ^ s1 ^ p)) ^ w6 ^ w7·(round+2)),
   * as fractions of 2^32. f is written out at each of its nine uses, one line each: as a function, the compiler
   * stopped inlining it inside the runner's round loop, and the calls became a visible share of a replicate
   * (docs/performance.md).
   */
  keyed(w: Uint32Array, p: number, round: number, task: number): void {
    let a = (round + 1) ^ Math.imul(p, 0x9e3779b9);
    a = Math.imul(a ^ (a >>> 16), 0x85ebca6b);
    a = Math.imul(a ^ (a >>> 13), 0xc2b2ae35);
    a ^= (a >>> 16) ^ w[1]!;
    a = Math.imul(a ^ (a >>> 16), 0x85ebca6b);
    a = Math.imul(a ^ (a >>> 13), 0xc2b2ae35);
    a ^= (a >>> 16) ^ w[0]! ^ (task + 1);
    a = Math.imul(a ^ (a >>> 16), 0x85ebca6b);
    a = Math.imul(a ^ (a >>> 13), 0xc2b2ae35);
    a ^= a >>> 16;
    let b = (task + 1) ^ Math.imul(p, 0x7f4a7c15);
    b = Math.imul(b ^ (b >>> 16), 0x85ebca6b);
    b = Math.imul(b ^ (b >>> 13), 0xc2b2ae35);
    b ^= (b >>> 16) ^ w[3]!;
    b = Math.imul(b ^ (b >>> 16), 0x85ebca6b);
    b = Math.imul(b ^ (b >>> 13), 0xc2b2ae35);
    b ^= (b >>> 16) ^ w[2]! ^ (round + 1);
    b = Math.imul(b ^ (b >>> 16), 0x85ebca6b);
    b = Math.imul(b ^ (b >>> 13), 0xc2b2ae35);
    b ^= b >>> 16;
    let c = a ^ b ^ p;
    c = Math.imul(c ^ (c >>> 16), 0x85ebca6b);
    c = Math.imul(c ^ (c >>> 13), 0xc2b2ae35);
    c ^= (c >>> 16) ^ w[5]!;
    c = Math.imul(c ^ (c >>> 16), 0x85ebca6b);
    c = Math.imul(c ^ (c >>> 13), 0xc2b2ae35);
    c ^= (c >>> 16) ^ w[4]! ^ w[6]! ^ Math.imul(w[7]!, round + 2);
    c = Math.imul(c ^ (c >>> 16), 0x85ebca6b);
    c = Math.imul(c ^ (c >>> 13), 0xc2b2ae35);
    c ^= c >>> 16;
    this.c = 1;
    this.s0 = (a >>> 0) * TWO_POW_MINUS_32;
    this.s1 = (b >>> 0) * TWO_POW_MINUS_32;
    this.s2 = (c >>> 0) * TWO_POW_MINUS_32;
  }

  /** Continue from a state read by `aleaState` (the same numbers follow as after that point). */
  setState(c: number, s0: number, s1: number, s2: number): void {
    this.c = c;
    this.s0 = s0;
    this.s1 = s1;
    this.s2 = s2;
  }

  quick(): number {
    const t = 2091639 * this.s0 + this.c * TWO_POW_MINUS_32;
    this.s0 = this.s1;
    this.s1 = this.s2;
    return (this.s2 = t - (this.c = t | 0));
  }

  int32(): number {
    return (this.quick() * 0x100000000) | 0;
  }

  /** The current state, in the form `seedrandom.alea('', { state })` accepts. */
  aleaState(): AleaState {
    return { c: this.c, s0: this.s0, s1: this.s1, s2: this.s2 };
  }
}

/** A uniform integer in [0, n) from one draw (bias below 2^-32·n, irrelevant at these sizes). */
export function below(stream: Stream, n: number): number {
  return Math.floor(stream.quick() * n);
}
