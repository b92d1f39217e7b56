import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { publishFolder, writeFileAtomicStreamed, writeTarget } from '../../../reports/folders/atomic.js';
import { failureOf } from '../../../scripts/program/failure.js';
import { tempDir } from '../../scripts/sweep/cli.js';

/** What a write on a full disk throws. */
const enospc = (path: string): Error =>
  Object.assign(new Error(`ENOSPC: no space left on device, write`), { code: 'ENOSPC', syscall: 'write', path });

describe('a write that fails half-way (a full disk, fault-injected)', () => {
  it('leaves the file as it was and no temporary beside it', () => {
    const dir = tempDir('enospc-file');
    const file = join(dir, 'runs.csv');
    writeFileSync(file, 'before\n');
    expect(() =>
      writeFileAtomicStreamed(file, (fd) => {
        writeFileSync(fd, 'half a ro');
        throw enospc(file);
      }),
    ).toThrow(/ENOSPC/);
    expect(readFileSync(file, 'utf8')).toBe('before\n');
    expect(readdirSync(dir)).toEqual(['runs.csv']);
  });

  it('publishes no folder, and leaves an existing one as it was', () => {
    const dir = tempDir('enospc-folder');
    expect(() =>
      publishFolder(join(dir, 'new'), (staging) => {
        writeFileSync(join(staging, 'a.csv'), 'a\n');
        throw enospc(join(staging, 'b.csv'));
      }),
    ).toThrow(/ENOSPC/);
    mkdirSync(join(dir, 'old'));
    writeFileSync(join(dir, 'old', 'a.csv'), 'old\n');
    expect(() =>
      publishFolder(join(dir, 'old'), (staging) => {
        writeFileSync(join(staging, 'a.csv'), 'new\n');
        throw enospc(join(staging, 'b.csv'));
      }),
    ).toThrow(/ENOSPC/);
    expect(readdirSync(dir)).toEqual(['old']);
    expect(readFileSync(join(dir, 'old', 'a.csv'), 'utf8')).toBe('old\n');
  });

  it('is one line naming the path, what happened and what to do', () => {
    const { line, status } = failureOf(enospc('/data/out/results.csv'));
    expect(status).toBe(1);
    expect(line).toBe(
      "write '/data/out/results.csv': no space left on the device (ENOSPC); free some space (or write elsewhere), " +
        'then run again',
    );
  });
});

describe('links are written through', () => {
  it('a file link: the file it points to changes, the link stays', () => {
    const dir = tempDir('through');
    writeFileSync(join(dir, 'real.csv'), 'old\n');
    symlinkSync('real.csv', join(dir, 'link.csv'));
    writeFileAtomicStreamed(join(dir, 'link.csv'), (fd) => writeFileSync(fd, 'new\n'));
    expect(lstatSync(join(dir, 'link.csv')).isSymbolicLink()).toBe(true);
    expect(readFileSync(join(dir, 'real.csv'), 'utf8')).toBe('new\n');
  });

  it('a dangling link ends where its chain ends; a loop is ELOOP', () => {
    const dir = tempDir('chain');
    symlinkSync('b', join(dir, 'a'));
    symlinkSync('c.csv', join(dir, 'b'));
    expect(writeTarget(join(dir, 'a'))).toBe(join(dir, 'c.csv'));
    symlinkSync('y', join(dir, 'x'));
    symlinkSync('x', join(dir, 'y'));
    expect(() => writeTarget(join(dir, 'x'))).toThrow(expect.objectContaining({ code: 'ELOOP' }));
    expect(existsSync(join(dir, 'c.csv'))).toBe(false);
  });

  it('a device is written as it is (nothing to replace)', () => {
    expect(writeTarget('/dev/null')).toBe('/dev/null');
    writeFileAtomicStreamed('/dev/null', (fd) => writeFileSync(fd, 'x'));
    expect(lstatSync('/dev/null').isCharacterDevice()).toBe(true);
  });
});
