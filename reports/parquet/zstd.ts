/**
 * Zstandard for Parquet pages, from a WebAssembly build (Node 20's zlib has no zstd). Loaded once per process, when
 * the Parquet writer is first imported.
 */
import { compress, decompress, init } from '@bokuweb/zstd-wasm';

/**
 * The package keeps its WebAssembly instance in a CommonJS module, one per process, and `init` instantiates it
 * anew each time it is called. This module may be evaluated more than once in a process (a test runner that gives
 * each test file its own ES modules shares CommonJS packages between them); a second `init` left the compressor
 * writing pages of zeros, so the instance is made once, by whichever evaluation comes first.
 */
const INIT = Symbol.for('hexa-sim/zstd-wasm-init');
const shared = globalThis as typeof globalThis & { [INIT]?: Promise<void> };
await (shared[INIT] ??= init());

/** zstd level 3, the format's usual default: most of the size gain at a small cost in time. */
export const zstdCompress = (bytes: Uint8Array): Uint8Array => compress(bytes, 3);

/** The pages back (a reader's Parquet decompressor: `outputLength` is what the page header says it holds). */
export const zstdDecompress = (bytes: Uint8Array, _outputLength: number): Uint8Array => decompress(bytes);
