/**
 * Finding 1: under drift, does a non-zero exploration rate beat pure exploitation?
 *
 * drift-lock-v1 (4 bits, truth 1011, one bit flips every m tasks), 10 rounds × 30 tasks, the published
 * agent with the audited hidden choices. Each exploring arm is compared with pure exploitation on the same
 * replicates: mean attempts per task over rounds 3–10 (after the first drift when m ≤ 60).
 */
import { attemptsOver, command, fmt, plan, runArm, side, table, type Arm, type Scale } from '../measure.js';

const WORLDS: readonly [string, string][] = [
  ['static', '0'],
  ['every 90', '90'],
  ['every 60', '60'],
  ['every 30', '30'],
];

const ARMS: readonly [string, Record<string, string>][] = [
  ['explore 0.05', { explore: '0.05' }],
  ['explore 0.1', { explore: '0.1' }],
  ['explore 0.2', { explore: '0.2' }],
  ['0.2 separate', { explore: '0.2', routing: 'separate' }],
  ['refutation-triggered (0 → 0.2)', { exploration: 'refutation', 'explore-high': '0.2' }],
  ['refutation-triggered (0.05 → 0.2)', { explore: '0.05', exploration: 'refutation', 'explore-high': '0.2' }],
  ['decay (0.2, half-life 60)', { explore: '0.2', exploration: 'decay', 'explore-halflife': '60' }],
];

export function explorationUnderDrift(scale: Scale, window: 'round' | 'all'): string {
  const boot = plan(scale);
  const rows: string[][] = [];
  const base = { env: 'drift-lock-v1', rounds: '10', window };
  for (const [label, every] of WORLDS) {
    const world = { every, flips: '1' };
    const exploit = attemptsOver(runArm({ label: 'exploit', settings: base, params: world }, scale), 2, 10);
    const row = [label, fmt(boot.mean(exploit))];
    for (const [, extra] of ARMS) {
      const arm: Arm = { label, settings: { ...base, ...extra }, params: world };
      const d = boot.pairedDifference(attemptsOver(runArm(arm, scale), 2, 10), exploit);
      row.push(fmt(d) + (side(d) === -1 ? ' ✓' : side(d) === 1 ? ' ✗' : ''));
    }
    rows.push(row);
  }
  const header = ['world', 'pure exploitation: attempts/task', ...ARMS.map(([l]) => `${l} − exploitation`)];
  const example: Arm = { label: '', settings: { ...base, explore: '0.1' }, params: { every: '60', flips: '1' } };
  return [
    table(header, rows),
    '',
    `Window \`${window}\`; ${scale.replicates} replicates per arm, seed ${scale.seed}; paired differences in ` +
      `attempts per task over rounds 3–10 ` +
      `with 95 % percentile-bootstrap intervals (✓: exploration better, interval below 0; ✗: worse). One arm, e.g.: ` +
      `\`${command(example)}\`.`,
  ].join('\n');
}
