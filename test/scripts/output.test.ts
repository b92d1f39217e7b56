/** Output paths: missing parent folders are allowed (and made only by the writer); a path through a file is not. */
import { chmodSync, mkdirSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkOutputDir, checkOutputFile, makeParentFolders } from '../../scripts/output.js';
import { UsageError } from '../../sim/core/messages.js';
import { tempDir } from './sweep/cli.js';

const isRoot = process.getuid?.() === 0;

describe('checkOutputFile and checkOutputDir', () => {
  it('accept an output under folders that do not exist yet, and create nothing', () => {
    const dir = tempDir('output');
    expect(checkOutputFile('csv', join(dir, 'a', 'b', 'c.csv'), false)).toBe(join(dir, 'a', 'b', 'c.csv'));
    expect(checkOutputDir('out', join(dir, 'a', 'b', 'c'), false)).toBe(join(dir, 'a', 'b', 'c'));
    expect(readdirSync(dir)).toEqual([]);
  });

  it('makeParentFolders makes the missing folders above a file, and is a no-op when they exist', () => {
    const dir = tempDir('output');
    makeParentFolders(join(dir, 'a', 'b', 'c.csv'));
    makeParentFolders(join(dir, 'a', 'b', 'c.csv'));
    expect(readdirSync(join(dir, 'a'))).toEqual(['b']);
    expect(readdirSync(join(dir, 'a', 'b'))).toEqual([]);
  });

  it.each([
    ['a file among the ancestors', (d: string) => join(d, 'file', 'x', 'y'), 'file'],
    ['a file as the folder', (d: string) => join(d, 'file', 'y'), 'file'],
    ['a dangling link among the ancestors', (d: string) => join(d, 'link', 'y'), 'link'],
  ])('refuse a path with %s, naming the flag, the path and what is in the way', (_what, target, blocker) => {
    const dir = tempDir('output');
    writeFileSync(join(dir, 'file'), 'keep\n');
    symlinkSync(join(dir, 'nowhere'), join(dir, 'link'));
    const path = target(dir);
    const message = `--out: '${path}': '${join(dir, blocker)}' is not a folder`;
    expect(() => checkOutputDir('out', path, false)).toThrow(new UsageError(message));
    expect(() => checkOutputFile('out', path, true)).toThrow(new UsageError(message));
    expect(readdirSync(dir).sort()).toEqual(['file', 'link']);
  });

  it('refuses a dangling link where the folder would go (mkdir would fail on it after the work)', () => {
    const dir = tempDir('output');
    symlinkSync(join(dir, 'nowhere'), join(dir, 'link'));
    expect(() => checkOutputDir('out', join(dir, 'link'), false)).toThrow(/'.*link' is not a folder$/);
  });

  // Root may write anywhere: the permission case only means something for other users.
  it.skipIf(isRoot)('refuses missing folders under a folder that is not writable', () => {
    const dir = tempDir('output');
    mkdirSync(join(dir, 'locked'));
    chmodSync(join(dir, 'locked'), 0o500);
    try {
      expect(() => checkOutputDir('out', join(dir, 'locked', 'a', 'b'), false)).toThrow(/is not writable$/);
      expect(() => checkOutputFile('csv', join(dir, 'locked', 'a', 'b.csv'), false)).toThrow(/is not writable$/);
    } finally {
      chmodSync(join(dir, 'locked'), 0o700);
    }
  });
});
