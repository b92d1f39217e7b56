import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sha256, sha256Hex, sha256Seed48, shortTextSha256Into } from '../../../../sim/core/digest/sha256.js';

const nodeHex = (message: string | Uint8Array): string => createHash('sha256').update(message).digest('hex');

describe('sha256', () => {
  it('gives the standard test vectors (FIPS 180-4 examples)', () => {
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(sha256Hex('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')).toBe(
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    );
  });

  it('agrees with node:crypto on every length around the block boundaries', () => {
    for (let n = 0; n <= 200; n++) {
      const bytes = Uint8Array.from({ length: n }, (_, i) => (i * 37 + n) & 0xff);
      expect(sha256Hex(bytes), `length ${n}`).toBe(nodeHex(bytes));
    }
    const long = 'x'.repeat(100_000);
    expect(sha256Hex(long)).toBe(nodeHex(long));
  });

  it('agrees with node:crypto on texts of any characters (UTF-8) and on byte strings', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 300 }), (text) => sha256Hex(text) === nodeHex(text)),
    );
    fc.assert(fc.property(fc.uint8Array({ maxLength: 600 }), (bytes) => sha256Hex(bytes) === nodeHex(bytes)));
  });

  it('leaves a caller its digest when the next one is taken (no shared result)', () => {
    const first = sha256('a');
    sha256('b'.repeat(5000));
    expect(Buffer.from(first.buffer).length).toBe(32);
    expect([...first].map((w) => w.toString(16).padStart(8, '0')).join('')).toBe(nodeHex('a'));
  });

  it('takes short ASCII texts on a path of its own, with the same digests, and leaves the rest to sha256', () => {
    const hexOf = (words: Uint32Array): string => [...words].map((w) => w.toString(16).padStart(8, '0')).join('');
    for (let n = 0; n <= 64; n++) {
      const text = Array.from({ length: n }, (_, i) => String.fromCharCode((i * 37 + n) % 128)).join('');
      const out = new Uint32Array(8);
      expect(shortTextSha256Into(text, out), `length ${n}`).toBe(n <= 55);
      expect(hexOf(out), `length ${n}`).toBe(n <= 55 ? nodeHex(text) : '0'.repeat(64));
    }
    const out = new Uint32Array(8);
    expect(shortTextSha256Into('seed=1/é', out)).toBe(false);
    expect(hexOf(out)).toBe('0'.repeat(64));
    fc.assert(
      fc.property(fc.string({ unit: 'binary-ascii', maxLength: 55 }), (text) => {
        const words = new Uint32Array(8);
        return shortTextSha256Into(text, words) && hexOf(words) === nodeHex(text);
      }),
    );
  });

  it('reads a 48-bit seed as Buffer.readUIntLE(0, 6) does', () => {
    for (const text of ['hexa-sim/v1/confidence/seed=1', 'hexa-sim/v1/calibration/seed=7', '']) {
      expect(sha256Seed48(text)).toBe(createHash('sha256').update(text).digest().readUIntLE(0, 6));
    }
  });
});

describe('a host SHA-256', () => {
  it("is Node's in this thread once installed, with the same digests as the portable one", async () => {
    const { nodeSha256 } = await import('../../../../sim/core/host/node/sha256.js');
    const { sha256: inUse, portableSha256, installSha256 } = await import('../../../../sim/core/digest/sha256.js');
    installSha256(nodeSha256);
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 2000 }), (text) =>
        inUse(text).every((w, i) => w === portableSha256(text)[i]),
      ),
    );
  });

  it('is refused when it gives another digest', async () => {
    const { installSha256, portableSha256 } = await import('../../../../sim/core/digest/sha256.js');
    const wrong = (message: string | Uint8Array): Uint32Array => {
      const words = portableSha256(message);
      words[7] = (words[7]! + 1) >>> 0;
      return words;
    };
    expect(() => installSha256(wrong)).toThrow(/differs on ''/);
  });
});
