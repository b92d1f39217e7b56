/**
 * A verdict's chart data as a reproduction with an audit and a calibration would give them: each hidden choice's
 * posterior bars in every state (identified, held open, open) and two choices' calibration ranks — for the
 * verdict's charts' own test and for the conventions every chart is held to.
 */
import type { PosteriorBar } from '../../../../reports/resultFolder.js';

export const BARS: PosteriorBar[] = [
  { choice: 'cadence', value: 'task', posterior: 0, low: 0, high: 0, state: 'identified' },
  { choice: 'cadence', value: 'round', posterior: 1, low: 1, high: 1, state: 'identified' },
  { choice: 'window', value: 'all', posterior: 0, low: 0, high: 0.01, state: 'held open' },
  { choice: 'window', value: 'round', posterior: 1, low: 0.99, high: 1, state: 'held open' },
  { choice: 'update', value: 'replace', posterior: 0.51, low: 0.23, high: 0.76, state: 'open' },
  { choice: 'update', value: 'merge', posterior: 0.49, low: 0.24, high: 0.77, state: 'open' },
];

export const RANKS = [
  { choice: 'cadence', values: Array.from({ length: 100 }, (_, i) => (i + 0.5) / 100) },
  { choice: 'window', values: Array.from({ length: 100 }, (_, i) => ((i * 7) % 100) / 100) },
];
