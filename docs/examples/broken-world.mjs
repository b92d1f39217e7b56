/**
 * A broken world, for the tests and for `hexa check-env` to find: a lock that opens one bit early (it
 * reports `solved` when all but one bit are right). Every other property holds, so the checker names
 * exactly one: solved-iff-truth.
 *
 *   npx hexa check-env ./docs/examples/broken-world.mjs     # exit 1, names the failed check
 *   npx hexa run --env ./docs/examples/broken-world.mjs     # refused before anything runs: exit 2
 */

class ParamError extends Error {
  constructor(param, value, reason) {
    super(`${param}=${String(value)}: ${reason}`);
    this.param = param;
  }
}

function resolve(params) {
  for (const key of Object.keys(params))
    if (key !== 'bits') throw new ParamError(key, params[key], 'is not a parameter (known: bits)');
  const raw = params.bits ?? 4;
  const bits = typeof raw === 'string' && /^\d+$/.test(raw.trim()) ? Number(raw) : raw;
  if (!Number.isSafeInteger(bits)) throw new ParamError('bits', raw, 'must be an integer');
  if (bits < 2 || bits > 30) throw new ParamError('bits', bits, 'must be in 2 … 30');
  return { bits };
}

export default {
  id: 'broken-lock-v1',
  summary: 'a lock that opens when all but one bit are right (broken on purpose)',
  params: [{ name: 'bits', kind: 'int', min: 2, max: 30, default: 4, describe: 'code length' }],
  exactRandomControl: true,
  resolve,
  create(params, world) {
    const { bits } = resolve(params);
    const hidden = Int32Array.from({ length: bits }, () => (world.quick() < 0.5 ? 0 : 1));
    const feedback = { score: 0, solved: false };
    let ended = false;
    return {
      id: 'broken-lock-v1',
      space: { positions: bits, arity: 2 },
      maxScore: bits,
      reset() {
        ended = false;
      },
      step(code) {
        if (ended) throw new Error('broken-lock-v1: step() after the task ended');
        let score = 0;
        for (let p = 0; p < bits; p++) if (code[p] === hidden[p]) score++;
        feedback.score = score;
        feedback.solved = score >= bits - 1; // the bug
        ended = feedback.solved;
        return feedback;
      },
      truth: () => hidden,
    };
  },
};
