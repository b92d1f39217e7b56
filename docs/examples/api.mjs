// hexa-sim from code: a world of your own, one task by hand, an experiment, a sweep, and result folders
// for `hexa report`. Run: node docs/examples/api.mjs [OUT] (after npm ci, or wherever npm i hexa-sim was run).
import { join } from 'node:path';
import {
  Actor,
  Evolver,
  Library,
  PUBLISHED_AGENT,
  PUBLISHED_RUN,
  ReplicateKey,
  Retriever,
  RoundTally,
  SeededTask,
  checkEnv,
  defineEnv,
  normalizeRun,
  registerEnv,
  registerPolicy,
  resolveEnvParams,
  runExperiment,
  runSweep,
  writeRunFolder,
  writeSweepFolder,
} from 'hexa-sim';

const out = process.argv[2] ?? join('out', 'api-example');

// 1. A world: a 3-digit combination lock; the score is the number of digits in the right place.
class DigitLock {
  constructor(truth) {
    this.truth_ = truth;
    this.space = { positions: truth.length, arity: 10 };
    this.maxScore = truth.length;
    this.feedback = { score: 0, solved: false }; // reused: the agent reads it, keeps nothing
    this.ended = false;
  }
  reset() {
    this.ended = false;
  }
  step(code) {
    if (this.ended) throw new Error('digit-lock-v1: step() after the task ended');
    let score = 0;
    for (let p = 0; p < this.truth_.length; p++) if (code[p] === this.truth_[p]) score++;
    this.feedback.score = score;
    this.feedback.solved = this.ended = score === this.maxScore;
    return this.feedback;
  }
  truth() {
    return this.truth_;
  }
}

const world = defineEnv({
  id: 'digit-lock-v1',
  summary: 'a combination lock of decimal digits; feedback = digits in the right place',
  params: [{ name: 'digits', kind: 'int', min: 1, max: 9, default: 3, describe: 'digits on the lock' }],
  exactRandomControl: true,
  feedback: 'matches',
  // No resolve(): hexa-sim checks `digits` against its declaration and fills in the default.
  create(params, stream) {
    return new DigitLock(Int32Array.from({ length: params.digits }, () => Math.floor(stream.quick() * 10)));
  },
});
const check = checkEnv(world);
if (!check.ok)
  throw new Error(`digit-lock-v1 fails: ${check.results.filter((r) => r.status === 'fail').map((r) => r.name)}`);
registerEnv(world); // now runExperiment and runSweep know it by its id

// 2. One task by hand: the Actor asks the Retriever for a constraint, guesses, records samples for the Evolver.
const params = resolveEnvParams(world, {}); // { digits: 3 }, as a run takes it
const key = new ReplicateKey(7, 0); // seed 7, replicate 0: every stream below is derived from it
const env = world.create(params, key.stream('world'));
const { positions, arity } = env.space;
const agent = { ...PUBLISHED_AGENT, threshold: 0.6 };
const library = new Library(positions, arity, agent);
const evolver = new Evolver(positions, arity, agent);
const retriever = new Retriever(positions, agent.topK);
const actor = new Actor({ env, agent, cap: 200, goodScore: env.maxScore - 1, library, retriever, evolver });
const tally = new RoundTally();
const task = new SeededTask(key).at(0);
env.reset(task);
const attempts = actor.runTask({ guess: key.stream('guess', task.round, task.task), explore: null }, tally);
library.update(evolver.evolve(), 'replace');
console.log(
  `one task: ${attempts} attempts, ${tally.goodSamples} high-score samples, skills: ` +
    `${library.skills.map((s) => s.name).join('; ') || 'none'}`,
);

// 3. A whole experiment: 5 rounds × 30 tasks, 200 replicates, written as a result folder. A configuration is
// normalized once (what its library mode implies put in force) before it runs.
const config = normalizeRun({ ...PUBLISHED_RUN, env: world.id, envParams: params, cap: 200, replicates: 200, agent });
const result = runExperiment(config);
for (const r of result.rounds)
  console.log(
    `round ${r.round}: ${r.meanAttempts.toFixed(2)} attempts [${r.ci95.map((x) => x.toFixed(2)).join(', ')}], ` +
      `${r.skills.toFixed(2)} skills`,
  );
writeRunFolder(join(out, 'run'), result, { force: true });

// 4. A policy of your own: a claim's share is Laplace-smoothed, so a few unanimous samples are not enough.
registerPolicy({
  kind: 'extraction',
  name: 'smoothed-share',
  create: ({ threshold, arity }) => ({
    extract(counts, n, emit) {
      for (let v = 0; v < arity; v++)
        if ((counts[v] + 1) / (n + arity) >= threshold) emit(v, (counts[v] + 1) / (n + arity));
    },
  }),
});

// 5. A sweep in this process: exploration × extraction rule, 6 cells sharing random numbers replicate by replicate.
const cells = [0, 0.1, 0.2].flatMap((explore) =>
  [undefined, 'smoothed-share'].map((extraction) =>
    normalizeRun({ ...config, agent: { ...agent, explore, extraction } }),
  ),
);
const sweep = runSweep(cells);
for (const cell of sweep.cells) {
  const last = cell.replicates.map((rounds) => rounds.at(-1).meanAttempts);
  const { explore, extraction = 'published' } = cell.config.agent;
  console.log(
    `cell ${cell.id} (explore ${explore}, extraction ${extraction}): final round ` +
      `${(last.reduce((a, b) => a + b) / last.length).toFixed(2)} attempts`,
  );
}
writeSweepFolder(join(out, 'sweep'), sweep, { force: true });
console.log(`wrote ${join(out, 'run')} and ${join(out, 'sweep')}: npx hexa report ${join(out, 'sweep')}`);
