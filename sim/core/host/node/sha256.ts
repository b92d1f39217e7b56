/**
 * Node's SHA-256 (OpenSSL, with the processor's SHA instructions where it has them) as the simulator's digest
 * in this thread: the same digests as the portable one (sim/core/digest/sha256.ts checks it when installed), faster
 * on the kilobyte texts a sweep's plan names its cells by. Installed with Node's host; a browser keeps the
 * portable one.
 */
import { hash } from 'node:crypto';
import type { Sha256 } from '../../digest/sha256.js';

export const nodeSha256: Sha256 = (message) => {
  // Read from the hex digest: Node makes it with less work than its Buffer one, and a replicate's key is taken
  // once per replicate.
  const hex = hash('sha256', message, 'hex');
  const words = new Uint32Array(8);
  for (let i = 0; i < 8; i++) {
    let word = 0;
    for (let j = 8 * i; j < 8 * i + 8; j++) word = (word << 4) | hexDigit(hex.charCodeAt(j));
    words[i] = word;
  }
  return words;
};

/** The value of a lower-case hex digit's character code. */
const hexDigit = (c: number): number => (c <= 57 ? c - 48 : c - 87);
