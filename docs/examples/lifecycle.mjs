/**
 * A lifecycle policy as a plugin module (`--lifecycle ./docs/examples/lifecycle.mjs`): every evolution
 * merges its claims into the library (a skill not re-emitted is kept), and a skill is retired as soon as
 * the high-score samples that disagree with it outnumber those that agree; its evidence is forgotten, so
 * the stale claim is not distilled again from it.
 *
 * Contract (hexa-sim's sim/agent/plugins/contracts.ts, docs/plugins.md): the default export has
 * kind 'lifecycle', a name, and create(parts) returning { retired, evolve(), beforeTask(), afterTask() }.
 */
export default {
  kind: 'lifecycle',
  name: 'retire-on-evidence',
  describe: 'merge every evolution; retire a skill once disagreeing samples outnumber agreeing ones',
  create({ library, evolver }) {
    let retired = 0;
    return {
      get retired() {
        return retired;
      },
      /** At the Evolver's cadence: the claims enter under merge; endUpdate also counts the pending tests. */
      evolve() {
        library.beginUpdate('merge');
        evolver.evolveInto(library);
        library.endUpdate();
      },
      beforeTask() {},
      /** After each task: walk the live list backwards, so removing a skill skips nothing (and allocates nothing). */
      afterTask() {
        const skills = library.skills;
        for (let i = skills.length - 1; i >= 0; i--) {
          const skill = skills[i];
          if (skill.refuted > skill.agreed) {
            library.remove(skill);
            evolver.forget(skill.context, skill.position);
            retired++;
          }
        }
      },
    };
  },
};
