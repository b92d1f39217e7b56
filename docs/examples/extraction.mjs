/**
 * An Evolver extraction rule as a plugin module (`--extraction ./docs/examples/extraction.mjs`): at each
 * position only the most common value among the high-score samples can become a claim, and its share is
 * Laplace-smoothed, (count + 1) / (n + values), before it is held against `--threshold` — so a handful of
 * unanimous samples no longer makes a certain skill.
 *
 * Contract (sim/agent/plugins/contracts.ts): kind 'extraction', a name, create(rules) returning
 * { extract(counts, n, emit, position) }; `counts` is a live view — read it, do not keep it.
 */
export default {
  kind: 'extraction',
  name: 'smoothed-plurality',
  describe: 'the most common value, if its Laplace-smoothed share reaches --threshold',
  create({ threshold, arity }) {
    return {
      extract(counts, n, emit) {
        let best = 0;
        for (let v = 1; v < arity; v++) if (counts[v] > counts[best]) best = v;
        const share = (counts[best] + 1) / (n + arity);
        if (share >= threshold) emit(best, share);
      },
    };
  },
};
