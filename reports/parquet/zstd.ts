/**
 * Zstandard for Parquet pages, from a WebAssembly build (Node 20's zlib has no zstd). Loaded once, when a
 * Parquet file is first written or read: this module is imported only where that happens.
 */
import { compress, decompress, init } from '@bokuweb/zstd-wasm';

await init();

/** zstd level 3, the format's usual default: most of the size gain at a small cost in time. */
export const zstdCompress = (bytes: Uint8Array): Uint8Array => compress(bytes, 3);

export const zstdDecompress = (bytes: Uint8Array, size: number): Uint8Array => {
  const out = decompress(bytes);
  if (out.length !== size) throw new Error(`zstd: a page of ${size} bytes decompressed to ${out.length}`);
  return out;
};
