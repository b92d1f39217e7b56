/** One writer per folder: a held lock is refused with who holds it, a dead process's lock is taken over. */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../../sim/core/messages.js';
import { LOCK, lockFolder } from '../../../reports/store/lock.js';
import { tempDir } from '../../scripts/sweep/cli.js';

/** The pid of a process that has ended (so no process has it, barring reuse in the instant between). */
function deadPid(): string {
  return spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout;
}

const owner = (pid: number, host = hostname()): string =>
  `${JSON.stringify({ pid, host, since: '2026-01-01T00:00:00.000Z', argv: ['hexa', 'sweep'] })}\n`;

describe('folder locks', () => {
  it('writes pid and host, refuses a second writer naming the first, and is removed on release', () => {
    const dir = tempDir('lock');
    const lock = lockFolder(dir);
    const held = JSON.parse(readFileSync(join(dir, LOCK), 'utf8')) as Record<string, unknown>;
    expect(held).toMatchObject({ pid: process.pid, host: hostname() });
    expect(() => lockFolder(dir)).toThrow(UsageError);
    expect(() => lockFolder(dir)).toThrow(`pid ${process.pid} on ${hostname()}`);
    lock.release();
    expect(existsSync(join(dir, LOCK))).toBe(false);
    lockFolder(dir).release();
  });

  it("takes over a lock whose process is gone on this host, but not another host's", () => {
    const dir = tempDir('lock');
    writeFileSync(join(dir, LOCK), owner(Number(deadPid())));
    const lock = lockFolder(dir);
    expect(JSON.parse(readFileSync(join(dir, LOCK), 'utf8'))).toMatchObject({ pid: process.pid });
    lock.release();
    writeFileSync(join(dir, LOCK), owner(Number(deadPid()), 'another-host.example'));
    expect(() => lockFolder(dir)).toThrow('on another-host.example');
    expect(readFileSync(join(dir, LOCK), 'utf8')).toContain('another-host.example');
  });

  it('never removes a lock another process holds when releasing its own twice', () => {
    const dir = tempDir('lock');
    const lock = lockFolder(dir);
    lock.release();
    writeFileSync(join(dir, LOCK), owner(process.ppid));
    lock.release();
    expect(existsSync(join(dir, LOCK))).toBe(true);
  });
});
