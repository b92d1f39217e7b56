/**
 * Finding 3: how fast does each lifecycle recover after a drift?
 *
 * The same world with and without one drift before task 150 (round 6 of 12 × 30 tasks), replicate by
 * replicate: the drift's excess cost is drift − no-drift attempts per task in each round after it. A
 * lifecycle has recovered by the first round whose excess interval reaches 0 (no detectable cost left).
 */
import type { Estimate } from '../../../sim/core/bootstrap.js';
import { column, command, fmt, plan, runArm, table, type Arm, type Scale } from '../measure.js';

export const LIFECYCLE_ARMS: readonly [string, Record<string, string>][] = [
  ['published (replace)', {}],
  ['published (merge)', { update: 'merge' }],
  ['published + stale half-life 60', { 'stale-halflife': '60' }],
  ['evobelief', { lifecycle: 'evobelief' }],
  ['hexa-paper', { lifecycle: 'hexa-paper' }],
  ['hexa-paper, moving-average reward 0.3', { lifecycle: 'hexa-paper', 'paper-ema': '0.3' }],
  ['expel', { lifecycle: 'expel' }],
  ['beta', { lifecycle: 'beta' }],
];

const WORLDS: readonly [string, Record<string, string>, Record<string, string>][] = [
  ['drift-lock-v1', { every: '0', at: '150' }, { every: '0', at: '' }],
  ['api-contract-v1', { drift: '150' }, { drift: '0' }],
];

const DRIFT_ROUND = 5; // 0-based
const ROUNDS = 12;
const SHOWN = [5, 6, 7, 9, 11];

function recoveredBy(excess: readonly Estimate[]): string {
  for (let i = 0; i < excess.length; i++) {
    const ci = excess[i]!.ci95;
    if (ci !== null && ci[0] <= 0) return `round ${DRIFT_ROUND + i + 1}`;
  }
  return 'not by round 12';
}

export function recoveryAfterDrift(scale: Scale, window: 'round' | 'all', explore: string): string {
  const boot = plan(scale);
  const parts: string[] = [];
  for (const [env, drift, still] of WORLDS) {
    const rows: string[][] = [];
    for (const [label, extra] of LIFECYCLE_ARMS) {
      const settings = { env, rounds: String(ROUNDS), window, explore, ...extra };
      const d = runArm({ label, settings, params: drift }, scale);
      const n = runArm({ label, settings, params: still }, scale);
      const excess: Estimate[] = [];
      for (let r = DRIFT_ROUND; r < ROUNDS; r++) {
        excess.push(
          boot.pairedDifference(
            column(d, r, (m) => m.meanAttempts),
            column(n, r, (m) => m.meanAttempts),
          ),
        );
      }
      const before = boot.mean(column(n, DRIFT_ROUND - 1, (m) => m.meanAttempts));
      rows.push([label, fmt(before), ...SHOWN.map((r) => fmt(excess[r - DRIFT_ROUND]!)), recoveredBy(excess)]);
    }
    const header = [
      'lifecycle',
      'attempts/task, round 5',
      ...SHOWN.map((r) => `excess, round ${r + 1}`),
      'recovered by',
    ];
    parts.push(`**${env}** (window \`${window}\`, explore ${explore})`, '', table(header, rows), '');
  }
  const example: Arm = {
    label: '',
    settings: { env: 'drift-lock-v1', rounds: '12', window, explore, lifecycle: 'beta' },
    params: { every: '0', at: '150' },
  };
  parts.push(
    `Excess = attempts per task with the drift − without it, same replicates (${scale.replicates} per arm, seed ` +
      `${scale.seed}), ` +
      `95 % bootstrap intervals. E.g. \`${command(example)}\` against \`--param at=\`.`,
  );
  return parts.join('\n');
}
