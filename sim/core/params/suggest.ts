/**
 * "Did you mean …": the known names closest to a mistyped one, for flags, commands and a world's
 * parameters. Closeness is the edit distance counting a swap of two neighbouring letters as one edit
 * (the commonest typo), or a known name that starts with what was typed (`--rep` for `--replicates`).
 */

import { compareText } from './order.js';

/** Edits between `a` and `b`: insertions, deletions, substitutions and swaps of two neighbouring characters. */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[] = new Array<number>(rows * cols).fill(0);
  for (let i = 0; i < rows; i++) d[i * cols] = i;
  for (let j = 0; j < cols; j++) d[j] = j;
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(d[(i - 1) * cols + j]! + 1, d[i * cols + j - 1]! + 1, d[(i - 1) * cols + j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, d[(i - 2) * cols + j - 2]! + 1);
      d[i * cols + j] = best;
    }
  }
  return d[rows * cols - 1]!;
}

/**
 * The known names worth suggesting for `typed`, best first (at most three): those within a quarter of its
 * length in edits (at least one edit), else those it is the start of. Empty when nothing is close.
 */
export function closestNames(typed: string, known: readonly string[]): string[] {
  const word = typed.toLowerCase();
  const allowed = Math.max(1, Math.floor(word.length / 4));
  const scored = [...new Set(known)]
    .map((name) => ({ name, distance: editDistance(word, name.toLowerCase()) }))
    .filter((s) => s.distance <= allowed && s.name !== typed)
    .sort((a, b) => a.distance - b.distance || compareText(a.name, b.name));
  if (scored.length > 0) return scored.slice(0, 3).map((s) => s.name);
  if (word.length < 2) return [];
  return known.filter((name) => name.toLowerCase().startsWith(word) && name !== typed).slice(0, 3);
}

/** "a", "a or b", "a, b or c": names joined for a sentence. */
export function orList(names: readonly string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`;
}
