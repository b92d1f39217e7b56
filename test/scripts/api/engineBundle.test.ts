/**
 * `hexa-sim/engine` bundles for a browser with nothing of Node in it: no import of a Node built-in module
 * anywhere in what it reaches, and no `process` or `Buffer` in the output — so a page or a Web Worker can run
 * it as it is (engineBrowser.test.ts runs it in Chromium).
 */
import { describe, expect, it } from 'vitest';
import { bundleForBrowser, ENGINE_ENTRY } from './engineBundle.js';

describe('the engine bundled for a browser', () => {
  it('imports no Node built-in module and uses neither process nor Buffer', async () => {
    const bundle = await bundleForBrowser(ENGINE_ENTRY);
    expect(bundle.builtIns).toEqual([]);
    expect(bundle.globals).toEqual([]);
    // It is the engine: the runner, the worlds and the CSV writer are in it.
    expect(bundle.inputs).toEqual(
      expect.arrayContaining(['sim/experiment/replicate.ts', 'envs/registry.ts', 'reports/csv/rows.ts']),
    );
  });

  it('names each built-in import and each global where there is one (the check can fail)', async () => {
    const planted = await bundleForBrowser({
      contents:
        "import { readFileSync } from 'node:fs';\nimport { cpus } from 'os';\n" +
        "export const leak = () => [readFileSync, cpus, process.env.HOME, Buffer.from('x')];\n",
    });
    expect(planted.builtIns).toEqual(['<stdin> -> node:fs', '<stdin> -> os']);
    expect(planted.globals).toEqual(expect.arrayContaining(['process.', 'Buffer', '"node:fs"']));
  });
});
