/**
 * Finding 4: where does a threshold tied to sample size beat the fixed 0.85?
 *
 * 5 rounds × 30 tasks in several worlds. Arms: the published raw share at 0.85, lower raw shares, and the
 * Wilson lower bound (z = 1.645) at 0.6 and 0.7. Paired differences in attempts per task over the whole
 * run against share ≥ 0.85, and the mean number of wrong claims ever held (noise taken for a rule).
 */
import { attemptsOver, command, fmt, plan, runArm, side, table, type Arm, type Scale } from '../measure.js';

const WORLDS: readonly [string, string, Record<string, string>][] = [
  ['lock 4 bits (published)', 'lock-v1', {}],
  ['lock 6 bits', 'lock-v1', { bits: '6', truth: 'random' }],
  ['noisy lock, q 0.1', 'noisy-lock-v1', { q: '0.1' }],
  ['noisy lock, q 0.2', 'noisy-lock-v1', { q: '0.2' }],
  ['mastermind 3 pegs × 4 colours', 'mastermind-v1', { pegs: '3', colours: '4' }],
  ['api-contract (no drift)', 'api-contract-v1', { drift: '0' }],
  ['flaky-tools (no outages)', 'flaky-tools-v1', { outages: '0' }],
];

const ARMS: readonly [string, Record<string, string>][] = [
  ['share ≥ 0.75', { threshold: '0.75' }],
  ['share ≥ 0.6', { threshold: '0.6' }],
  ['LCB ≥ 0.7', { 'threshold-rule': 'lcb', threshold: '0.7' }],
  ['LCB ≥ 0.6', { 'threshold-rule': 'lcb', threshold: '0.6' }],
];

export function thresholdBySampleSize(scale: Scale): string {
  const boot = plan(scale);
  const rows: string[][] = [];
  for (const [label, env, params] of WORLDS) {
    const ref = runArm({ label, settings: { env }, params }, scale);
    const refAttempts = attemptsOver(ref, 0, 5);
    const wrong = (reps: typeof ref): string =>
      (reps.reduce((s, r) => s + r[4]!.wrongSkillsEver, 0) / reps.length).toFixed(2);
    const row = [label, `${fmt(boot.mean(refAttempts))} (wrong ${wrong(ref)})`];
    for (const [, extra] of ARMS) {
      const reps = runArm({ label, settings: { env, ...extra }, params }, scale);
      const d = boot.pairedDifference(attemptsOver(reps, 0, 5), refAttempts);
      row.push(`${fmt(d)}${side(d) === -1 ? ' ✓' : side(d) === 1 ? ' ✗' : ''} (wrong ${wrong(reps)})`);
    }
    rows.push(row);
  }
  const header = ['world', 'share ≥ 0.85: attempts/task (wrong claims)', ...ARMS.map(([l]) => `${l} − share 0.85`)];
  const example: Arm = {
    label: '',
    settings: { env: 'noisy-lock-v1', 'threshold-rule': 'lcb', threshold: '0.6' },
    params: { q: '0.1' },
  };
  return [
    table(header, rows),
    '',
    `Attempts per task over the 5 rounds, paired against share ≥ 0.85 (${scale.replicates} replicates, seed ` +
      `${scale.seed}, 95 % bootstrap ` +
      `intervals; ✓ better, ✗ worse). "wrong": distinct claims ever held that contradict the truth, per replicate. ` +
      `E.g. \`${command(example)}\`.`,
  ].join('\n');
}
