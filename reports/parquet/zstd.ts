/**
 * Zstandard for Parquet pages, from a WebAssembly build (Node 20's zlib has no zstd). Loaded once, when the
 * Parquet writer is first imported.
 */
import { compress, decompress, init } from '@bokuweb/zstd-wasm';

await init();

/** zstd level 3, the format's usual default: most of the size gain at a small cost in time. */
export const zstdCompress = (bytes: Uint8Array): Uint8Array => compress(bytes, 3);

/** The pages back (a reader's Parquet decompressor: `outputLength` is what the page header says it holds). */
export const zstdDecompress = (bytes: Uint8Array, _outputLength: number): Uint8Array => decompress(bytes);
