/**
 * The test run's temporary files in memory: a folder of the run's own on /dev/shm (a tmpfs) becomes TMPDIR for
 * every test file and every process they start. The commands flush what they write to the disk (fsync) before
 * renaming it into place, and on a disk each flush waits on the device, which left the cores idle while test
 * files waited; on a tmpfs the same calls return at once, so every code path runs as before, only without the
 * wait. Where /dev/shm is no tmpfs, or has little room, or TMPDIR is set already, nothing changes.
 */
import { chmodSync, mkdtempSync, rmSync, statfsSync } from 'node:fs';
import { join } from 'node:path';

/** statfs's f_type of a tmpfs. */
const TMPFS_MAGIC = 0x01021994;
/** Less room than this and the run keeps the default: the suite's files must fit with room to spare. */
const LEAST_FREE = 4 * 1024 ** 3;

/** A memory-backed TMPDIR made for this run, or undefined where the default stays (or another setup made one). */
export function useMemoryTmp(): string | undefined {
  if (process.env.TMPDIR !== undefined) return undefined;
  try {
    const fs = statfsSync('/dev/shm');
    if (fs.type !== TMPFS_MAGIC || fs.bavail * fs.bsize < LEAST_FREE) return undefined;
  } catch {
    return undefined;
  }
  const dir = mkdtempSync(join('/dev/shm', 'hexa-test-'));
  // As /tmp is: munged, in the Slurm recipe test, wants its socket's folders searchable by all.
  chmodSync(dir, 0o1777);
  process.env.TMPDIR = dir;
  return dir;
}

/** Remove the folder after a run that passed; keep it, saying where, after one that failed (or that left a mount). */
export function endMemoryTmp(dir: string, failed: boolean): void {
  try {
    if (!failed) return rmSync(dir, { recursive: true, force: true });
  } catch {
    // a file system still mounted in it (test/reliability/diskFull.test.ts mounts small ones): kept, as on failure
  }
  process.stderr.write(`The test run's temporary files are kept in ${dir}\n`);
}
