import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RUN_FLAGS } from '../../../scripts/config/runOptions.js';
import { UsageError } from '../../../sim/core/messages.js';
import { loadSchema, readSweepConfig } from '../../../scripts/sweep/configFile.js';
import { tempDir } from './cli.js';

function configFile(doc: unknown): string {
  const path = join(tempDir('config'), 'sweep.json');
  writeFileSync(path, typeof doc === 'string' ? doc : JSON.stringify(doc));
  return path;
}

async function errorOf(doc: unknown): Promise<string> {
  try {
    await readSweepConfig(configFile(doc));
  } catch (e) {
    expect(e).toBeInstanceOf(UsageError);
    return (e as Error).message;
  }
  throw new Error('expected the config to be rejected');
}

describe('sweep config file', () => {
  it('has a schema entry for every run flag, with the same choices', () => {
    const schema = loadSchema() as { properties: Record<string, { anyOf?: { enum?: string[] }[] }> };
    const keys = Object.keys(schema.properties).filter((k) => k !== '$schema' && k !== 'params');
    expect(keys).toEqual(RUN_FLAGS.map((p) => p.flag));
    for (const p of RUN_FLAGS) {
      if (p.kind === 'choice' || p.kind === 'policy')
        expect(schema.properties[p.flag]!.anyOf![0]!.enum, p.flag).toEqual(p.values);
    }
  });

  it('turns values, lists and ranges into grid text', async () => {
    const entries = await readSweepConfig(
      configFile({
        $schema: './schemas/sweep.schema.json',
        explore: [0, 0.1, 0.2],
        threshold: '0.6:0.95:0.05',
        'top-k': { from: 1, to: 3 },
        'min-evidence': { from: 2, to: 6, step: 2 },
        cadence: ['task', 'round'],
        library: [true, false],
        replicates: 20,
        params: { truth: ['1011', '0000'] },
      }),
    );
    expect(entries).toEqual([
      { kind: 'flag', name: 'explore', text: '0,0.1,0.2' },
      { kind: 'flag', name: 'threshold', text: '0.6:0.95:0.05' },
      { kind: 'flag', name: 'top-k', text: '1:3' },
      { kind: 'flag', name: 'min-evidence', text: '2:6:2' },
      { kind: 'flag', name: 'cadence', text: 'task,round' },
      { kind: 'flag', name: 'library', text: 'true,false' },
      { kind: 'flag', name: 'replicates', text: '20' },
      { kind: 'param', name: 'truth', text: '1011,0000' },
    ]);
  });

  it('names the key and the value of a bad entry', async () => {
    expect(await errorOf({ explore: 'lots' })).toMatch(
      /key 'explore' = "lots": expected a number in \[0, 1\], a range, or a list/,
    );
    expect(await errorOf({ cadence: ['task', 'weekly'] })).toMatch(
      /key 'cadence' = \["task","weekly"\]: expected "task", "round"/,
    );
    expect(await errorOf({ treshold: 0.9 })).toMatch(/key 'treshold' = 0.9: is not a sweep setting/);
    expect(await errorOf({ seed: [1, 2] })).toMatch(/key 'seed' = \[1,2\]: expected one non-negative integer/);
    expect(await errorOf({ params: { noise: { from: 0 } } })).toMatch(/key 'params.noise' = \{"from":0\}/);
    expect(await errorOf([1, 2])).toMatch(/the document = \[1,2\]: must be an object/);
    expect(await errorOf('{"explore": ')).toMatch(/--config: .*not valid JSON/);
  });
});
