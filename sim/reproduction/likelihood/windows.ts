/**
 * What "reproduces a published figure" means for one run: the run's value rounds to what the article
 * printed. 4.2 attempts means [4.15, 4.25); "10.0" means [9.95, 10.05); "2 skills" means exactly 2; 1.95 %
 * means [0.01945, 0.01955); "at least 3" means [3, ∞). Windows are half-open, lo ≤ x < hi.
 */
import type { Figure } from '../figures.js';

export interface Window {
  readonly lo: number;
  readonly hi: number;
}

export function windowOf(figure: Figure): Window {
  if (figure.claim === 'atLeast') return { lo: figure.published, hi: Infinity };
  const half = 0.5 * 10 ** -figure.printed;
  return { lo: figure.published - half, hi: figure.published + half };
}

/** Whether x lies in the window (NaN never does). */
export function inWindow(w: Window, x: number): boolean {
  return x >= w.lo && x < w.hi;
}
