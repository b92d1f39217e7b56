/** Provenance: hexa-sim's own commit only when its folder is a checkout's root, never the enclosing project's. */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkoutOf, commandLine, provenance } from '../../../reports/store/provenance.js';
import { tempDir } from '../../scripts/sweep/cli.js';

const git = (cwd: string, ...args: string[]): string =>
  execFileSync('git', args, { cwd, stdio: ['ignore', 'pipe', 'ignore'] })
    .toString()
    .trim();

describe('provenance', () => {
  it('records the commit and dirty flag of a checkout root, and nothing for a folder inside a repository', () => {
    const repo = tempDir('prov');
    git(repo, 'init', '-q');
    writeFileSync(join(repo, 'package.json'), '{}\n');
    mkdirSync(join(repo, 'node_modules', 'hexa-sim'), { recursive: true });
    git(repo, 'add', 'package.json');
    git(repo, '-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', 'x');
    const head = git(repo, 'rev-parse', 'HEAD');
    expect(checkoutOf(repo)).toEqual({ commit: head, dirty: false });
    writeFileSync(join(repo, 'package.json'), '{"changed": true}\n');
    expect(checkoutOf(repo)).toEqual({ commit: head, dirty: true });
    expect(checkoutOf(join(repo, 'node_modules', 'hexa-sim'))).toEqual({ commit: null });
    expect(checkoutOf(tempDir('prov-none'))).toEqual({ commit: null });
  });

  it('names Node, the platform, the command line and the version', () => {
    expect(commandLine(['/usr/bin/node', '/x/dist/scripts/hexa.js', 'sweep', '--explore', '0,1'])).toEqual([
      'hexa',
      'sweep',
      '--explore',
      '0,1',
    ]);
    expect(provenance()).toMatchObject({
      node: process.version,
      platform: process.platform,
      arch: process.arch,
      hexaSim: { version: expect.any(String) },
    });
  });
});
