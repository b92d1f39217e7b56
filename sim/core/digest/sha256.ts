/**
 * SHA-256 (FIPS 180-4) in plain TypeScript: synchronous, the same digest in Node and in a browser, with nothing
 * from the host. Every key the simulator derives (a replicate's streams, a cell's id, the audit's bank seeds)
 * hangs off one of these digests, so the engine runs anywhere and gives the same bytes. A test holds it to
 * `node:crypto` on random texts and byte strings of every length around the block boundaries.
 *
 * The digest is returned as its eight 32-bit words H0 … H7, as the standard defines them (big-endian: byte 0 of
 * the digest is the high byte of H0). The callers read the words they need; helpers below give the usual
 * spellings (hex, bytes, the first 6 bytes little-endian).
 *
 * A host with a faster SHA-256 of its own may install it (`installSha256`; Node's, in sim/core/host/): the plan of
 * a large sweep hashes a canonical text of about a kilobyte per cell, where a native digest is several times
 * faster. What is installed must give the same digests; it is checked against this one when installed, and a
 * test compares the two on random texts.
 */

/** The round constants: the first 32 bits of the fractional parts of the cube roots of the first 64 primes. */
const K = new Int32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
]);

/** The initial hash value: the first 32 bits of the fractional parts of the square roots of the first 8 primes. */
const H0 = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19];

/** The message schedule, reused by every digest (one block at a time; nothing is allocated per block). */
const schedule = new Int32Array(64);
const encoder = new TextEncoder();
/** The padded message, grown when a longer one comes (texts are UTF-8 encoded into it). */
let buffer = new Uint8Array(256);

/** Room for a message of `length` bytes and its padding, in whole 64-byte blocks. */
function room(length: number): Uint8Array {
  const needed = (((length + 8) >>> 6) + 1) << 6;
  if (buffer.length < needed) buffer = new Uint8Array(Math.max(needed, 2 * buffer.length));
  return buffer;
}

/** A SHA-256: the digest's words H0 … H7 of a text (as its UTF-8 bytes) or of bytes, in a new array. */
export type Sha256 = (message: string | Uint8Array) => Uint32Array;

/** The portable SHA-256, written here. */
export const portableSha256: Sha256 = (message) => {
  if (typeof message === 'string' && message.length <= 55) {
    const words = new Uint32Array(8);
    if (shortTextSha256Into(message, words)) return words;
  }
  let length: number;
  let bytes: Uint8Array;
  if (typeof message === 'string') {
    // A UTF-8 character takes at most 3 bytes per UTF-16 code unit.
    bytes = room(3 * message.length);
    length = encoder.encodeInto(message, bytes).written;
  } else {
    length = message.length;
    bytes = room(length);
    bytes.set(message);
  }
  const blocks = (((length + 8) >>> 6) + 1) << 6;
  bytes[length] = 0x80;
  bytes.fill(0, length + 1, blocks);
  // The length in bits, big-endian, in the last 8 bytes (a message past 2^32 bytes is not in the simulator's reach).
  const bits = length * 8;
  const high = Math.floor(bits / 0x100000000);
  for (let i = 0; i < 4; i++) {
    bytes[blocks - 8 + i] = (high >>> (24 - 8 * i)) & 0xff;
    bytes[blocks - 4 + i] = (bits >>> (24 - 8 * i)) & 0xff;
  }
  const h = Int32Array.from(H0);
  for (let at = 0; at < blocks; at += 64) compress(h, bytes, at);
  return new Uint32Array(h.buffer);
};

let installed: Sha256 = portableSha256;

/** The SHA-256 in use: the host's, where one was installed, else the portable one. */
export const sha256: Sha256 = (message) => installed(message);

/** Texts whose digests a host's SHA-256 must reproduce before it is used (empty, one block, two, UTF-8). */
const PROBES = ['', 'abc', 'x'.repeat(55), 'y'.repeat(64), 'hexa-sim/v1/seed=1/replicate=0', 'ähnlich ≥ 0.85 ✓'];

/** Use a host's SHA-256 from now on, in this thread; refused (an Error) if a digest differs from the portable one's. */
export function installSha256(host: Sha256): void {
  for (const probe of PROBES) {
    const want = portableSha256(probe);
    const got = host(probe);
    if (got.length !== 8 || want.some((w, i) => got[i] !== w)) throw new Error(`a SHA-256 that differs on '${probe}'`);
  }
  installed = host;
}

/**
 * The digest of a text of at most 55 ASCII characters (one block), its words H0 … H7 written into `out`: returns
 * false, with `out` untouched, for any other text. The block is read from the text's code units straight into the
 * schedule, with nothing encoded or allocated: the texts keys are made of (a replicate's, once per replicate) are
 * such, and where no host installs a digest of its own this is their path.
 */
export function shortTextSha256Into(text: string, out: Uint32Array): boolean {
  const length = text.length;
  if (length > 55) return false;
  const w = schedule;
  for (let t = 0; t < 16; t++) w[t] = 0;
  for (let i = 0; i < length; i++) {
    const c = text.charCodeAt(i);
    if (c > 0x7f) return false;
    w[i >>> 2] = w[i >>> 2]! | (c << (24 - 8 * (i & 3)));
  }
  w[length >>> 2] = w[length >>> 2]! | (0x80 << (24 - 8 * (length & 3)));
  w[15] = length * 8;
  const h = state;
  h.set(H0);
  compressSchedule(h);
  for (let i = 0; i < 8; i++) out[i] = h[i]!;
  return true;
}

/** The hash state of `shortTextSha256Into`, reused. */
const state = new Int32Array(8);

/** One block of 64 bytes at `at` into the hash state `h`. */
function compress(h: Int32Array, bytes: Uint8Array, at: number): void {
  const w = schedule;
  for (let t = 0; t < 16; t++) {
    const i = at + 4 * t;
    w[t] = (bytes[i]! << 24) | (bytes[i + 1]! << 16) | (bytes[i + 2]! << 8) | bytes[i + 3]!;
  }
  compressSchedule(h);
}

/** The block whose 16 big-endian words are the schedule's first into the hash state `h`. */
function compressSchedule(h: Int32Array): void {
  const w = schedule;
  for (let t = 16; t < 64; t++) {
    const x = w[t - 15]!;
    const y = w[t - 2]!;
    const s0 = ((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3);
    const s1 = ((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10);
    w[t] = (w[t - 16]! + s0 + w[t - 7]! + s1) | 0;
  }
  let a = h[0]!;
  let b = h[1]!;
  let c = h[2]!;
  let d = h[3]!;
  let e = h[4]!;
  let f = h[5]!;
  let g = h[6]!;
  let hh = h[7]!;
  for (let t = 0; t < 64; t++) {
    const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
    const ch = (e & f) ^ (~e & g);
    const t1 = (hh + S1 + ch + K[t]! + w[t]!) | 0;
    const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
    const maj = (a & b) ^ (a & c) ^ (b & c);
    const t2 = (S0 + maj) | 0;
    hh = g;
    g = f;
    f = e;
    e = (d + t1) | 0;
    d = c;
    c = b;
    b = a;
    a = (t1 + t2) | 0;
  }
  h[0] = (h[0]! + a) | 0;
  h[1] = (h[1]! + b) | 0;
  h[2] = (h[2]! + c) | 0;
  h[3] = (h[3]! + d) | 0;
  h[4] = (h[4]! + e) | 0;
  h[5] = (h[5]! + f) | 0;
  h[6] = (h[6]! + g) | 0;
  h[7] = (h[7]! + hh) | 0;
}

/** Byte `k` (0 … 31) of a digest given as its words. */
export const digestByte = (words: Uint32Array, k: number): number => (words[k >>> 2]! >>> (24 - 8 * (k & 3))) & 0xff;

/** The digest as 64 lower-case hex digits, as `sha256sum` prints it. */
export function sha256Hex(message: string | Uint8Array): string {
  const words = sha256(message);
  let hex = '';
  for (let i = 0; i < 8; i++) hex += words[i]!.toString(16).padStart(8, '0');
  return hex;
}

/** The digest's first 6 bytes read as a little-endian integer (below 2^48, exact in a double): a seed. */
export function sha256Seed48(message: string | Uint8Array): number {
  const words = sha256(message);
  let seed = 0;
  for (let k = 5; k >= 0; k--) seed = seed * 256 + digestByte(words, k);
  return seed;
}
