/**
 * Finding 2: does the refutation rate cross the article's 10 % after a drift?
 *
 * One drift before task 150 (the first task of round 6), 9 rounds × 30 tasks. The pooled refutation rate
 * (Σ refutations / Σ tests over replicates) per round around the drift, with its bootstrap interval, and
 * the share of single replicates whose round rate is above 10 % — under the audited accounting (every
 * attempt a test, counted at evolution) and the pre-audit one (high-score samples, counted as recorded).
 */
import { column, command, fmtPercent, plan, runArm, table, type Arm, type Replicates, type Scale } from '../measure.js';

const ACCOUNTING: readonly [string, Record<string, string>][] = [
  ['audited defaults', {}],
  ['tests = high-score samples as recorded, window all', { 'test-unit': 'high', 'test-at': 'record', window: 'all' }],
];

const WORLDS: readonly [string, string, Record<string, string>][] = [
  ['drift-lock-v1', 'one bit flips', { every: '0', at: '150' }],
  ['api-contract-v1', "order_api's success code changes", { drift: '150' }],
];

const ROUNDS = [4, 5, 6, 7, 8]; // 0-based: rounds 5 (before) … 9

function over10(reps: Replicates, round: number): string {
  const tested = reps.filter((r) => r[round]!.tests > 0);
  const above = tested.filter((r) => r[round]!.refutationRate > 0.1).length;
  return `${((100 * above) / reps.length).toFixed(1)} %`;
}

export function refutationAfterDrift(scale: Scale): string {
  const boot = plan(scale);
  const rows: string[][] = [];
  for (const [env, what, world] of WORLDS) {
    for (const [acct, extra] of ACCOUNTING) {
      for (const explore of ['0', '0.2']) {
        const arm: Arm = { label: '', settings: { env, rounds: '9', explore, ...extra }, params: world };
        const reps = runArm(arm, scale);
        const cells = ROUNDS.map((r) => {
          const rate = boot.ratio(
            column(reps, r, (m) => m.refutations),
            column(reps, r, (m) => m.tests),
          );
          return `${fmtPercent(rate)}; > 10 %: ${over10(reps, r)}`;
        });
        rows.push([`${env} (${what})`, acct, explore, ...cells]);
      }
    }
  }
  const header = [
    'world',
    'test accounting',
    'explore',
    ...ROUNDS.map((r) => (r === 4 ? 'round 5 (before)' : r === 5 ? 'round 6 (drift)' : `round ${r + 1}`)),
  ];
  const example: Arm = {
    label: '',
    settings: {
      env: 'drift-lock-v1',
      rounds: '9',
      explore: '0.2',
      'test-unit': 'high',
      'test-at': 'record',
      window: 'all',
    },
    params: { every: '0', at: '150' },
  };
  return [
    table(header, rows),
    '',
    `Each cell: pooled refutation rate [95 % bootstrap interval]; share of the ${scale.replicates} replicates whose ` +
      `round rate is above 10 %. ` +
      `Seed ${scale.seed}. E.g. \`${command(example)}\`.`,
  ].join('\n');
}
