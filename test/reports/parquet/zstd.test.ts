/**
 * The Zstandard compressor of Parquet pages (reports/parquet/zstd.ts) when its module is evaluated a second time in
 * one process, as a test runner that gives each file its own ES modules does: the WebAssembly package is shared,
 * and instantiating it again left pages compressed after that as zeros (a flaky csvTable test showed it). Run in a
 * process of its own, on the built modules, so that the second evaluation is a real one.
 */
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { builtCli } from '../../helpers/cli.js';

const SCRIPT = `
const url = process.argv[1];
const first = await import(url);
const text = new TextEncoder().encode('arm,replicate,round\\n'.repeat(50) + 'a,1,2\\n'.repeat(30));
const before = first.zstdCompress(text);
const second = await import(url + '?evaluated-again');
// The package instantiates asynchronously: give a second instance time to arrive.
await new Promise((resolve) => setTimeout(resolve, 200));
const roundTrip = (bytes) => Buffer.from(first.zstdDecompress(bytes, text.length)).equals(Buffer.from(text));
const after = [second.zstdCompress(text), first.zstdCompress(text)];
console.log(JSON.stringify([before, ...after].map(roundTrip)));
`;

describe('zstd for Parquet pages', () => {
  it('compresses and decompresses as before after its module is evaluated again', () => {
    const module = join(dirname(dirname(builtCli())), 'reports', 'parquet', 'zstd.js');
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', SCRIPT, pathToFileURL(module).href], {
      encoding: 'utf8',
    });
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toEqual([true, true, true]);
  });
});
