/**
 * The plugin loader's errors and guarantees: every bad module is one UsageError naming the flag and the
 * file; a good one is hashed, registered and loaded once; changed content is refused where a hash is known.
 */
import { createHash } from 'node:crypto';
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findEnv } from '../../../../sim/agent/moduleStore.js';
import { findPolicy } from '../../../../sim/agent/moduleStore.js';
import { UsageError } from '../../../../sim/core/messages.js';
import { ensureModules, importModule, loadModule } from '../../../../sim/agent/plugins/load.js';
import { ROOT } from '../../../helpers/cli.js';
import { joined } from '../../../helpers/pattern.js';

const dir = mkdtempSync(join(tmpdir(), 'hexa-modules-'));
const file = (name: string, text: string): string => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};
const example = (name: string): string => join(ROOT, 'docs', 'examples', name);

async function refusal(load: Promise<unknown>): Promise<string> {
  try {
    await load;
  } catch (e) {
    expect(e).toBeInstanceOf(UsageError);
    expect((e as Error).message).not.toContain('\n');
    return (e as Error).message;
  }
  throw new Error('expected the module to be refused');
}

describe('loading plugin modules', () => {
  it('refuses a missing file, naming the flag and the path', async () => {
    expect(await refusal(loadModule('env', join(dir, 'absent.mjs'), 'env'))).toBe(
      `--env: '${join(dir, 'absent.mjs')}' does not exist or is not a file`,
    );
    expect(await refusal(loadModule('lifecycle', dir, 'lifecycle'))).toMatch(
      /^--lifecycle: .* does not exist or is not a file$/,
    );
  });

  it('refuses a module without a default export', async () => {
    expect(await refusal(loadModule('env', file('named.mjs', 'export const world = {};\n'), 'env'))).toMatch(
      /has no default export/,
    );
  });

  it('refuses a module that does not load, quoting the first line of the error', async () => {
    expect(await refusal(loadModule('env', file('syntax.mjs', 'export default {\n'), 'env'))).toMatch(
      /could not be loaded: /,
    );
    expect(await refusal(loadModule('env', file('throws.mjs', "throw new Error('top level');\n"), 'env'))).toMatch(
      /could not be loaded: \S*throws\.mjs:1:7: Error: top level$/,
    );
  });

  it('refuses a default export of the wrong shape, saying what is wrong', async () => {
    expect(await refusal(loadModule('env', file('shape.mjs', "export default { id: 'x-v1' };\n"), 'env'))).toMatch(
      /is not an EnvSpec or a list of them: 'summary' must be a non-empty string$/,
    );
    expect(await refusal(loadModule('env', file('empty.mjs', 'export default [];\n'), 'env'))).toMatch(
      /the list is empty$/,
    );
    expect(
      await refusal(
        loadModule(
          'ranking',
          file('kind.mjs', "export default { kind: 'lifecycle', name: 'x', create() {} };\n"),
          'ranking',
        ),
      ),
    ).toMatch(/--ranking: .* is not a ranking policy: kind 'lifecycle' is not 'ranking'$/);
    expect(
      await refusal(
        loadModule(
          'lifecycle',
          file('builtin.mjs', "export default { kind: 'lifecycle', name: 'beta', create() {} };\n"),
          'lifecycle',
        ),
      ),
    ).toMatch(/name 'beta' is a built-in lifecycle/);
    expect(
      await refusal(
        loadModule('extraction', file('nofn.mjs', "export default { kind: 'extraction', name: 'e' };\n"), 'extraction'),
      ),
    ).toMatch(/'create' must be a function$/);
  });

  it('refuses a broken world when checking, naming the world and the failed check', async () => {
    const message = await refusal(loadModule('env', example('broken-world.mjs'), 'env', { check: true }));
    expect(message).toMatch(
      joined(
        /^--env: '.*broken-world\.mjs': world 'broken-lock-v1' fails check 'solved-iff-truth': /,
        /task \d+: code [01]+ solved the task/,
      ),
    );
    expect(findEnv('broken-lock-v1')).toBeUndefined();
  });

  it('refuses a world whose id is a built-in one', async () => {
    const source = readFileSync(example('lock-world.mjs'), 'utf8').replace(
      "const ID = 'js-lock-v1';",
      "const ID = 'lock-v1';",
    );
    expect(await refusal(loadModule('env', file('taken.mjs', source), 'env'))).toMatch(
      /environment id 'lock-v1' is already a built-in world/,
    );
  });

  it('loads a good world: hashed, registered under its id, loaded once', async () => {
    const path = example('lock-world.mjs');
    const a = await loadModule('env', path, 'env', { check: true });
    expect(a.ref).toEqual({ kind: 'env', path, sha256: createHash('sha256').update(readFileSync(path)).digest('hex') });
    expect(a.envs.map((s) => s.id)).toEqual(['js-lock-v1']);
    expect(findEnv('js-lock-v1')).toBe(a.envs[0]);
    expect(await loadModule('env', path, 'env')).toBe(a);
  });

  it('loads every world of a list, and policies under their names', async () => {
    const two = file(
      'two.mjs',
      `import lock from ${JSON.stringify(example('lock-world.mjs'))};\nexport default [{ ...lock, id: 'one-lock-v1' ` +
        `}, { ...lock, id: 'two-lock-v1' }];\n`,
    );
    expect((await loadModule('env', two, 'env', { check: true })).envs.map((s) => s.id)).toEqual([
      'one-lock-v1',
      'two-lock-v1',
    ]);
    const policy = await loadModule('ranking', example('ranking.mjs'), 'ranking');
    expect(findPolicy('ranking', 'track-record')).toBe(policy.policy);
  });

  it('refuses content that changed since a hash was recorded (resume, merge, workers)', async () => {
    const path = join(dir, 'changing.mjs');
    copyFileSync(example('exploration.mjs'), path);
    const [first] = await ensureModules([(await loadModule('exploration', path, 'exploration')).ref]);
    writeFileSync(path, `${readFileSync(path, 'utf8')}// edited\n`);
    expect(await refusal(ensureModules([first!.ref]))).toMatch(
      /^--exploration: '.*changing\.mjs' has changed \(sha256 [0-9a-f]{12}… then, [0-9a-f]{12}… now\)/,
    );
  });

  it('hands the checker a default export without judging it', async () => {
    const { ref, exported } = await importModule('env', file('anything.mjs', 'export default 42;\n'), 'env');
    expect(exported).toBe(42);
    expect(ref.sha256).toMatch(/^[0-9a-f]{64}$/);
  });
});
