/**
 * A module's load, held through the host: with Node's host a top-level `process.exit` is found by the probe
 * thread before the file is imported here; with a host that has no probe (a page's), the file is imported here
 * straight away, by that host, and an exit it calls is still refused by the process guard of this thread.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importHeld } from '../../../../sim/agent/plugins/sandboxedLoad.js';
import { host, type Host } from '../../../../sim/core/host/host.js';

const dir = mkdtempSync(join(tmpdir(), 'hexa-sandboxed-load-'));

/** A module file holding `code`, as moduleFile.ts's ModuleFile names it (its hash is only a cache key here). */
function moduleFile(name: string, code: string): { flag: string; path: string; full: string; sha256: string } {
  const full = join(dir, name);
  writeFileSync(full, code);
  return { flag: 'env', path: name, full, sha256: name };
}

/** Node's host without its probe, counting the modules it imports. */
function probeless(): { modules: Host; imported: string[] } {
  const node = host('a module file');
  const imported: string[] = [];
  const modules: Host = {
    ...node,
    probeImport: undefined,
    importModule: (full, version) => {
      imported.push(full);
      return node.importModule(full, version);
    },
  };
  return { modules, imported };
}

describe('a module loaded held, through the host', () => {
  it("with Node's host: a top-level process.exit is refused by the probe, in one line naming the file", async () => {
    const file = moduleFile('exits.mjs', 'process.exit(3);\nexport default 1;\n');
    await expect(importHeld(file, host('a module file'))).rejects.toThrow(
      /--env: 'exits\.mjs' could not be loaded: called process\.exit\(3\)/,
    );
  });

  it('with a host that has no probe: imported by that host at once, its exit still refused', async () => {
    const { modules, imported } = probeless();
    const plain = moduleFile('plain.mjs', 'export default 7;\n');
    expect((await importHeld(plain, modules)).default).toBe(7);
    expect(imported).toEqual([plain.full]);
    const exits = moduleFile('exits-here.mjs', 'process.exit(4);\nexport default 1;\n');
    await expect(importHeld(exits, modules)).rejects.toThrow(/could not be loaded: called process\.exit\(4\)/);
  });
});
