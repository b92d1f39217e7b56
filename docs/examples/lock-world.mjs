/**
 * A world written outside hexa-sim: the published N-bit combination lock, with lock-v1's dynamics draw
 * for draw, as a plain ES module that imports nothing. Its default export is an EnvSpec (the contract of
 * hexa-sim's sim/core/world/env.ts; docs/plugins.md).
 *
 *   npx hexa check-env ./docs/examples/lock-world.mjs
 *   npx hexa run --env ./docs/examples/lock-world.mjs --replicates 100
 *   npx hexa sweep --env lock-v1,./docs/examples/lock-world.mjs --explore 0,0.2 --out out/js-lock
 */

const ID = 'js-lock-v1';
const MAX_BITS = 65536;

/** A bad parameter: any Error whose `param` names it (hexa-sim prints one line naming the parameter). */
class ParamError extends Error {
  constructor(param, value, reason) {
    super(`${param}=${String(value)}: ${reason}`);
    this.param = param;
  }
}

/** bits and truth together: a given truth fixes the length; 4 bits default to the article's 1011. */
function resolveLock(params) {
  for (const key of Object.keys(params)) {
    if (key !== 'bits' && key !== 'truth')
      throw new ParamError(key, params[key], `is not a parameter of ${ID} (known: bits, truth)`);
  }
  const truthText = params.truth === undefined ? undefined : String(params.truth);
  const given = truthText !== undefined && truthText !== 'random' ? truthText : undefined;
  const raw = params.bits ?? given?.length ?? 4;
  const bits = typeof raw === 'string' && /^-?\d+$/.test(raw.trim()) ? Number(raw) : raw;
  if (typeof bits !== 'number' || !Number.isSafeInteger(bits)) throw new ParamError('bits', raw, 'must be an integer');
  if (bits < 1) throw new ParamError('bits', bits, 'must be at least 1');
  if (bits > MAX_BITS) throw new ParamError('bits', bits, `must be at most ${MAX_BITS}`);
  if (given !== undefined && !/^[01]+$/.test(given))
    throw new ParamError('truth', given, 'must be a string of 0 and 1');
  if (given !== undefined && given.length !== bits)
    throw new ParamError('truth', given, `has ${given.length} bits but bits=${bits}`);
  return { bits, truth: truthText ?? (bits === 4 ? '1011' : 'random') };
}

/** Set bits of a 32-bit word. */
function popcount(x) {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

class Lock {
  constructor(hidden) {
    this.id = ID;
    this.hidden = hidden;
    this.space = { positions: hidden.length, arity: 2 };
    this.maxScore = hidden.length;
    // One feedback object, reused: the agent reads it and keeps nothing.
    this.feedback = { score: 0, solved: false };
    this.ended = false;
    // The truth as bit words too (position p is bit p % 32 of word p >> 5), for stepBits.
    this.hiddenBits = new Int32Array((hidden.length + 31) >>> 5);
    for (let p = 0; p < hidden.length; p++) if (hidden[p] === 1) this.hiddenBits[p >>> 5] |= 1 << (p & 31);
    const rest = hidden.length & 31;
    this.lastWord = rest === 0 ? -1 : (-1 >>> (32 - rest)) | 0;
  }

  reset() {
    this.ended = false;
  }

  /** Bits in the right place. `code` is the caller's buffer: read it, never keep it. */
  step(code) {
    if (this.ended) throw new Error(`${ID}: step() after the task ended; call reset() first`);
    const hidden = this.hidden;
    let score = 0;
    for (let p = 0; p < hidden.length; p++) if (code[p] === hidden[p]) score++;
    return this.answer(score);
  }

  /**
   * Optional, for worlds with 2 values per position: the same feedback as `step`, for a code given as bit
   * words, so that the Actor can guess and score 32 positions at a time (`hexa check-env` compares the two).
   */
  stepBits(words) {
    if (this.ended) throw new Error(`${ID}: step() after the task ended; call reset() first`);
    const hidden = this.hiddenBits;
    const last = hidden.length - 1;
    let score = 0;
    for (let i = 0; i < last; i++) score += popcount(~(words[i] ^ hidden[i]));
    score += popcount(~(words[last] ^ hidden[last]) & this.lastWord);
    return this.answer(score);
  }

  /** Optional too, for at most 32 positions: `stepBits` for a code given as one word (position p is bit p). */
  stepWord(word) {
    if (this.ended) throw new Error(`${ID}: step() after the task ended; call reset() first`);
    return this.answer(popcount(~(word ^ this.hiddenBits[0]) & this.lastWord));
  }

  /** The one feedback object, for this score; a solved task ends. */
  answer(score) {
    this.feedback.score = score;
    this.feedback.solved = score === this.maxScore;
    this.ended = this.feedback.solved;
    return this.feedback;
  }

  truth() {
    return this.hidden;
  }
}

export default {
  id: ID,
  summary: 'N-bit combination lock written as a plugin module (the dynamics of lock-v1)',
  params: [
    {
      name: 'bits',
      kind: 'int',
      min: 1,
      max: MAX_BITS,
      describe: 'code length N (default: the length of truth, else 4)',
    },
    {
      name: 'truth',
      kind: 'string',
      describe: "hidden code as a bit string, or 'random' (drawn per replicate); default 1011 for 4 bits",
    },
  ],
  exactRandomControl: true,
  feedback: 'matches',
  resolve(params) {
    return resolveLock(params);
  },
  /** One world per replicate; a random truth comes from the replicate's world stream. */
  create(params, world) {
    const { bits, truth } = resolveLock(params);
    const hidden = new Int32Array(bits);
    for (let p = 0; p < bits; p++)
      hidden[p] = truth === 'random' ? (world.quick() < 0.5 ? 0 : 1) : truth.charCodeAt(p) - 48;
    return new Lock(hidden);
  },
};
