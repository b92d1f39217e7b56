/**
 * The article's first fix: a threshold tied to sample size. Instead of "share ≥ threshold", a claim must
 * have its Wilson lower confidence bound ≥ threshold, so few samples need a near-unanimous share and many
 * samples can pass with a share just above the threshold.
 */

export const THRESHOLD_PARAMS = {
  /** A claim needs its share ('share', published) or its Wilson lower bound ('lcb') to reach the threshold. */
  thresholdRule: {
    kind: 'choice',
    flag: 'threshold-rule',
    section: 'skills',
    values: ['share', 'lcb'],
    default: 'share',
    help: "a claim needs its share ('share', published) or its Wilson lower bound ('lcb') to reach --threshold",
  },
  /** Normal quantile of the lower bound (1.645: one-sided 95 %). */
  lcbZ: {
    kind: 'decimal',
    flag: 'lcb-z',
    section: 'skills',
    min: 0,
    exclusiveMin: true,
    default: 1.645,
    help: 'normal quantile of the lower bound (1.645 = one-sided 95 %), > 0',
  },
} as const;

/** Whether a claim is made from a raw share ('share', published) or a lower confidence bound ('lcb'). */
export type ThresholdRule = (typeof THRESHOLD_PARAMS.thresholdRule.values)[number];

/** Wilson score lower bound of a proportion k/n at normal quantile z (0 when n = 0). */
export function wilsonLower(k: number, n: number, z: number): number {
  if (n === 0) return 0;
  const p = k / n;
  const z2 = z * z;
  const centre = p + z2 / (2 * n);
  const spread = z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  return Math.max(0, (centre - spread) / (1 + z2 / n));
}
