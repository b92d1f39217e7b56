/**
 * `npm run findings:test-unit`: the three estimators of the test-unit Bayes factor — the kernel (the audit's),
 * rejection ABC and the synthetic likelihood (the cross-checks, sim/reproduction/checks/crossCheck.ts) — on
 * simulated publications whose test unit is known: `any` and `high`, every other hidden choice at the code's
 * default, on the calibration's bank (the full audit's 10 000 runs per reading, seed 1). Prints, per estimator,
 * how many publications it can estimate, how many it puts beyond ±3 nats and how many of those the wrong way,
 * the split of those within ±1, the quartiles of its Bayes factor under each truth, and its mean log score for
 * the truth (0 is perfect; a calibrated estimator is near it).
 *
 *   node dist/scripts/findings/testUnitCheck.js [publications per test unit, default 100]
 *
 * It takes about four minutes on two cores; docs/reproduction.md quotes what it printed.
 */
import { auditPublication } from '../../sim/reproduction/audit.js';
import { ARMS, HIDDEN_CHOICES, type HiddenChoices } from '../../sim/reproduction/arms.js';
import { truthOf } from '../../sim/reproduction/calibration/calibrate.js';
import { publicationReadings } from '../../sim/reproduction/calibration/judge.js';
import { publicationOf, simulatePublications } from '../../sim/reproduction/calibration/publications.js';
import { abcArm, syntheticArm, type AbcEstimate } from '../../sim/reproduction/checks/abcEstimates.js';
import { withArmEstimate } from '../../sim/reproduction/checks/crossCheck.js';
import { MAIN_SCALE } from '../../sim/reproduction/likelihood/armEstimate.js';
import type { ArmTargets } from '../../sim/reproduction/likelihood/classes/armClass.js';
import type { ReadingLikelihood } from '../../sim/reproduction/likelihood/reading.js';
import type { FigureValues } from '../../sim/reproduction/pattern.js';
import { simulationPool } from '../../sim/reproduction/simulationJobs.js';
import { parseInteger } from '../../sim/core/params/read.js';
import { at, entry } from '../../sim/core/at.js';
import { pathToFileURL } from 'node:url';
import '../program/nodeProgram.js';

export type Method = 'kernel' | 'abc' | 'synthetic';
const METHODS: readonly Method[] = ['kernel', 'abc', 'synthetic'];

/** One publication's log Bayes factor of `any` against `high` by each estimator (NaN where it has none). */
export type Row = { readonly truth: 'any' | 'high' } & Record<Method, number>;

const EXPLOIT = ARMS.findIndex((a) => a.id === 'exploit');

/** The reading's log-likelihood with its exploitation arm by a cross-check instead of the kernel, or NaN. */
const withArm = (reading: ReadingLikelihood, estimate: AbcEstimate | null): number =>
  estimate === null ? NaN : withArmEstimate(reading, EXPLOIT, estimate).log;

/** −log(1 + e^−x), without overflow: the log probability of the truth from a log Bayes factor x for it. */
const logScore = (x: number): number => (x < -30 ? x : -Math.log1p(Math.exp(-x)));

function quartiles(xs: readonly number[]): string {
  const s = [...xs].sort((a, b) => a - b);
  const quartile = (p: number): string =>
    s.length === 0 ? '–' : at(s, Math.round(p * (s.length - 1)), 'sorted values').toPrecision(3);
  return `${quartile(0.25)} / ${quartile(0.5)} / ${quartile(0.75)}`;
}

/** One estimator's row of the table. */
export function summary(rows: readonly Row[], m: Method): string {
  const estimated = rows.filter((r) => Number.isFinite(r[m]));
  const forTruth = (r: Row): number => (r.truth === 'any' ? r[m] : -r[m]);
  const strong = estimated.filter((r) => Math.abs(r[m]) > 3);
  const wrong = strong.filter((r) => forTruth(r) < 0);
  const near = estimated.filter((r) => Math.abs(r[m]) <= 1);
  const score = estimated.reduce((s, r) => s + logScore(forTruth(r)), 0) / estimated.length;
  const of = (t: Row['truth']): number[] => estimated.filter((r) => r.truth === t).map((r) => r[m]);
  return (
    `| ${m} | ${estimated.length}/${rows.length} | ${strong.length} (${wrong.length} the wrong way) | ` +
    `${near.filter((r) => r.truth === 'any').length} : ${near.filter((r) => r.truth === 'high').length} | ` +
    `${quartiles(of('any'))} | ${quartiles(of('high'))} | ${score.toPrecision(3)} |`
  );
}

async function main(count: number): Promise<void> {
  const audit = await auditPublication(1, 10_000, { workers: 2 });
  const sims = audit.simulations;
  const indexOf = (h: HiddenChoices): number =>
    sims.grid.findIndex((g) => HIDDEN_CHOICES.every((c) => g[c.key] === h[c.key]));
  const truths = [truthOf({ testUnit: 'any' }), truthOf({ testUnit: 'high' })] as const;
  const [ia, ih] = truths.map(indexOf) as [number, number];
  const pool = simulationPool(2);
  const publications = await simulatePublications(truths, 1, count, pool).finally(() => pool.close());
  const exploitRuns = (reading: number): FigureValues =>
    entry(sims.values, at(at(sims.keys, reading, 'readings'), EXPLOIT, 'arms'), 'simulations');
  const rows: Row[] = [];
  publications.forEach((runs, t) => {
    for (let i = 0; i < count; i++) {
      const publication = publicationOf(runs, i);
      const readings = publicationReadings(sims, audit.bandwidths, publication);
      const [a, h] = [at(readings, ia, 'readings'), at(readings, ih, 'readings')];
      const truth = t === 0 ? 'any' : 'high';
      if (!a.estimable || !h.estimable) {
        rows.push({ truth, kernel: NaN, abc: NaN, synthetic: NaN });
        continue;
      }
      const targets: ArmTargets = entry(publication, 'exploit', 'arms');
      const by = (f: typeof abcArm): number =>
        withArm(a, f('exploit', exploitRuns(ia), targets)) - withArm(h, f('exploit', exploitRuns(ih), targets));
      rows.push({
        truth,
        kernel: at(a.byScale, MAIN_SCALE, 'scales').log - at(h.byScale, MAIN_SCALE, 'scales').log,
        abc: by(abcArm),
        synthetic: by(syntheticArm),
      });
    }
  });
  process.stdout.write(
    [
      `Test-unit log Bayes factor (any against high) on ${count} simulated publications of each test unit:`,
      '',
      '| estimator | estimable | beyond ±3 | within ±1 (any : high) | quartiles, truth any | quartiles, truth high | ' +
        'mean log score |',
      '|---|---|---|---|---|---|---|',
      ...METHODS.map((m) => summary(rows, m)),
      '',
    ].join('\n'),
  );
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main(process.argv[2] === undefined ? 100 : parseInteger('publications', process.argv[2], 1));
}
