/**
 * lock-v1: the published N-bit combination lock. Feedback is the number of bits in the right place;
 * the task is solved when all N are right. The truth is fixed for the whole run (the article's setting).
 */
import type { Stream } from '../sim/core/rng.js';
import {
  TaskEndedError,
  EnvParamError,
  type Env,
  type EnvParams,
  type EnvSpec,
  type Feedback,
  type ParamSpec,
  type TaskContext,
} from '../sim/core/world/env.js';
import { intParam, rejectUnknown } from '../sim/core/world/params.js';
import { agreeing, bitWords, lastWordMask, packBits, popcount32 } from '../sim/core/bitCode.js';

/** The article's truth for 4 bits. */
export const PUBLISHED_TRUTH = '1011';
export const MAX_BITS = 65_536;

export const BITS: ParamSpec = {
  name: 'bits',
  kind: 'int',
  min: 1,
  max: MAX_BITS,
  describe: 'code length N (default: the length of truth, else 4)',
};
export const TRUTH: ParamSpec = {
  name: 'truth',
  kind: 'string',
  describe:
    "hidden code as a bit string, or 'random' (drawn per replicate from the seed); default 1011 for 4 bits, else " +
    'random',
};

/** Parse a bit string such as `1011`. */
export function parseBits(name: string, text: string, bits?: number): Int32Array {
  // A plain loop: every replicate parses its truth, and a regex and a mapped copy were a tenth of its setup.
  const code = new Int32Array(text.length);
  for (let p = 0; p < text.length; p++) {
    const ch = text.charCodeAt(p) - 48;
    if (ch !== 0 && ch !== 1) throw new EnvParamError(name, text, 'must be a string of 0 and 1');
    code[p] = ch;
  }
  if (text.length === 0) throw new EnvParamError(name, text, 'must be a string of 0 and 1');
  if (bits !== undefined && text.length !== bits)
    throw new EnvParamError(name, text, `has ${text.length} bits but bits=${bits}`);
  return code;
}

/** Resolve `bits` and `truth` together: a given truth fixes the length. */
export function resolveLockParams(
  params: EnvParams,
  id: string,
  extra: readonly ParamSpec[] = [],
): { bits: number; truth: string } {
  rejectUnknown(params, [BITS, TRUTH, ...extra], id);
  const truthRaw = params.truth === undefined ? undefined : String(params.truth);
  const explicitTruth = truthRaw !== undefined && truthRaw !== 'random' ? truthRaw : undefined;
  const bits = intParam(params, BITS, explicitTruth?.length ?? 4);
  if (explicitTruth !== undefined) parseBits('truth', explicitTruth, bits);
  const truth = truthRaw ?? (bits === PUBLISHED_TRUTH.length ? PUBLISHED_TRUTH : 'random');
  return { bits, truth };
}

/** The hidden code: the given bit string, or one drawn from the world stream. */
export function drawTruth(truth: string, bits: number, world: Stream): Int32Array {
  if (truth !== 'random') return parseBits('truth', truth, bits);
  const code = new Int32Array(bits);
  for (let p = 0; p < bits; p++) code[p] = world.quick() < 0.5 ? 0 : 1;
  return code;
}

/** Count positions where code and truth agree. */
export function matches(code: Int32Array, truth: Int32Array): number {
  let score = 0;
  for (let p = 0; p < truth.length; p++) if (code[p] === truth[p]) score++;
  return score;
}

/**
 * A lock over `arity` values per position (2 for the bit lock, c colours for mastermind). A bit lock also
 * keeps its truth as bit words, so `stepBits` (and `stepWord`, for at most 32 positions) scores a guess with a
 * popcount per 32 positions.
 */
export class LockEnv implements Env {
  readonly space;
  readonly maxScore: number;
  protected readonly hidden: Int32Array;
  /** The truth as bit words (empty unless arity is 2). */
  private readonly hiddenBits: Int32Array;
  private readonly lastWord: number;
  protected readonly feedback: Feedback = { score: 0, solved: false };
  protected ended = false;

  constructor(
    readonly id: string,
    hidden: Int32Array,
    arity = 2,
  ) {
    this.hidden = hidden;
    this.space = { positions: hidden.length, arity } as const;
    this.maxScore = hidden.length;
    this.hiddenBits = new Int32Array(arity === 2 ? bitWords(hidden.length) : 0);
    if (arity === 2) packBits(hidden, this.hiddenBits);
    this.lastWord = lastWordMask(hidden.length);
  }

  reset(_task?: TaskContext): void {
    this.ended = false;
  }

  step(code: Int32Array): Feedback {
    if (this.ended) throw new TaskEndedError(this.id);
    return this.answer(matches(code, this.hidden));
  }

  stepBits(words: Int32Array): Feedback {
    if (this.ended) throw new TaskEndedError(this.id);
    return this.answer(agreeing(words, this.hiddenBits, this.lastWord));
  }

  stepWord(word: number): Feedback {
    if (this.ended) throw new TaskEndedError(this.id);
    return this.answer(popcount32(~(word ^ this.hiddenBits[0]!) & this.lastWord));
  }

  /** The feedback for a guess with `score` positions right. */
  protected answer(score: number): Feedback {
    this.feedback.score = score;
    this.feedback.solved = score === this.maxScore;
    this.ended = this.feedback.solved;
    return this.feedback;
  }

  /** Flip the truth at a position of a bit lock (drift). */
  protected flip(position: number): void {
    this.hidden[position] = 1 - this.hidden[position]!;
    this.hiddenBits[position >>> 5]! ^= 1 << (position & 31);
  }

  truth(): Int32Array {
    return this.hidden;
  }
}

export const lockV1: EnvSpec = {
  id: 'lock-v1',
  summary: 'N-bit combination lock; feedback = bits in the right place (the published benchmark)',
  params: [BITS, TRUTH],
  exactRandomControl: true,
  feedback: 'matches',
  resolve(params) {
    return resolveLockParams(params, 'lock-v1');
  },
  create(params, world) {
    const { bits, truth } = resolveLockParams(params, 'lock-v1');
    return new LockEnv('lock-v1', drawTruth(truth, bits, world));
  },
};
