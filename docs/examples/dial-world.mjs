/**
 * A world with declared parameters and no resolve(): a row of dials, each showing one of a few symbols;
 * feedback is the number of dials already right. hexa-sim reads `params` itself — it refuses unknown names,
 * checks each value against its kind, min and max, fills in the defaults — and hands `create` the result.
 * A plain ES module that imports nothing (docs/plugins.md).
 *
 *   npx hexa check-env ./docs/examples/dial-world.mjs
 *   npx hexa run --env ./docs/examples/dial-world.mjs --param dials=4 --param symbols=3
 *   npx hexa sweep --env ./docs/examples/dial-world.mjs --param dials=2,3,4 --replicates 100 --out out/dials
 */

class Dials {
  constructor(hidden, symbols) {
    this.hidden = hidden;
    this.space = { positions: hidden.length, arity: symbols };
    this.maxScore = hidden.length;
    // One feedback object, reused: the agent reads it and keeps nothing.
    this.feedback = { score: 0, solved: false };
    this.ended = false;
  }

  reset() {
    this.ended = false;
  }

  /** Dials showing the right symbol. `code` is the caller's buffer: read it, never keep it. */
  step(code) {
    if (this.ended) throw new Error('dials-v1: step() after the task ended; call reset() first');
    let score = 0;
    for (let p = 0; p < this.hidden.length; p++) if (code[p] === this.hidden[p]) score++;
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
  id: 'dials-v1',
  summary: 'a row of dials with a few symbols each; feedback counts the dials already right',
  params: [
    { name: 'dials', kind: 'int', min: 1, max: 12, default: 3, describe: 'number of dials (positions)' },
    { name: 'symbols', kind: 'int', min: 2, max: 10, default: 4, describe: 'symbols on each dial (values)' },
  ],
  exactRandomControl: true,
  feedback: 'matches',
  /** `params` arrive checked and complete: { dials, symbols } as numbers. The hidden code is drawn per replicate. */
  create({ dials, symbols }, world) {
    const hidden = [];
    for (let p = 0; p < dials; p++) hidden.push(Math.floor(world.quick() * symbols));
    return new Dials(hidden, symbols);
  },
};
