/**
 * A code of a binary world as bit words: position p is bit p % 32 of word p >> 5 (the order in which the
 * Actor's uniform draw fills positions from its 32-bit draws), and bits beyond the last position are 0.
 * Scoring a guess against the truth is then a popcount per word instead of a comparison per position.
 */
import { fillAll } from './fill.js';

/** Number of set bits in a 32-bit word. */
export function popcount32(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

/** Words holding `positions` bits. */
export function bitWords(positions: number): number {
  return (positions + 31) >>> 5;
}

/** The bits of the last word that hold positions (all 32 when the length is a multiple of 32). */
export function lastWordMask(positions: number): number {
  const rest = positions & 31;
  return rest === 0 ? -1 : (-1 >>> (32 - rest)) | 0;
}

/** Write a 0/1 code into bit words. */
export function packBits(code: Int32Array, words: Int32Array): void {
  fillAll(words, 0);
  for (let p = 0; p < code.length; p++) if (code[p] === 1) words[p >>> 5]! |= 1 << (p & 31);
}

/** Write bit words back into a 0/1 code of `code.length` positions. */
export function unpackBits(words: Int32Array, code: Int32Array): void {
  for (let p = 0; p < code.length; p++) code[p] = (words[p >>> 5]! >>> (p & 31)) & 1;
}

/** Write one bit word back into a 0/1 code of `code.length` (at most 32) positions. */
export function unpackWord(word: number, code: Int32Array): void {
  for (let p = 0; p < code.length; p++) code[p] = (word >>> p) & 1;
}

/** Positions where two bit codes agree (`last` masks the final word's unused bits). */
export function agreeing(a: Int32Array, b: Int32Array, last: number): number {
  const n = a.length - 1;
  let score = 0;
  for (let i = 0; i < n; i++) score += popcount32(~(a[i]! ^ b[i]!));
  return score + popcount32(~(a[n]! ^ b[n]!) & last);
}
