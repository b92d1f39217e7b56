/**
 * Node's SHA-256 (OpenSSL, with the processor's SHA instructions where it has them) as the simulator's digest
 * in this thread: the same digests as the portable one (sim/core/digest/sha256.ts checks it when installed), faster
 * on the kilobyte texts a sweep's plan names its cells by. Installed with Node's host; a browser keeps the
 * portable one.
 */
import { hash } from 'node:crypto';
import type { Sha256 } from '../../digest/sha256.js';

export const nodeSha256: Sha256 = (message) => {
  const digest = hash('sha256', message, 'buffer');
  const words = new Uint32Array(8);
  for (let i = 0; i < 8; i++) words[i] = digest.readUInt32BE(4 * i);
  return words;
};
