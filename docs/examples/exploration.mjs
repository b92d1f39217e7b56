/**
 * An exploration policy as a plugin module (`--exploration ./docs/examples/exploration.mjs`): a harmonic
 * schedule — explore at rate r / (1 + t / 30) before task t, where r is `--explore` (0.3 when it is 0), so
 * exploration fades as the library fills but never stops entirely.
 *
 * Contract (sim/agent/plugins/contracts.ts): kind 'exploration', a name, create(base) returning
 * { mayExplore, rate(taskIndex), observe(tests, refutations) }.
 */
export default {
  kind: 'exploration',
  name: 'harmonic',
  describe: 'rate r / (1 + t / 30) before task t (r = --explore, or 0.3)',
  create(base) {
    const start = base > 0 ? base : 0.3;
    return {
      mayExplore: true,
      rate: (taskIndex) => start / (1 + taskIndex / 30),
      observe() {},
    };
  },
};
