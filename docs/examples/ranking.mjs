/**
 * A Retriever ranking as a plugin module (`--ranking ./docs/examples/ranking.mjs`): skills with the better
 * track record first — the Laplace-smoothed share of high-score samples that agreed with them since they
 * were first distilled, (agreed + 1) / (agreed + refuted + 2) — and the published order among equals.
 *
 * Contract (sim/agent/plugins/contracts.ts): kind 'ranking', a name, compare(a, b) < 0 when skill a is
 * handed over first; ties fall back to the published order. Skills of weight 0 are never retrieved.
 */
const record = (skill) => (skill.agreed + 1) / (skill.agreed + skill.refuted + 2);

export default {
  kind: 'ranking',
  name: 'track-record',
  describe: 'the smoothed share of agreeing samples first, then the published order',
  compare: (a, b) => record(b) - record(a),
};
