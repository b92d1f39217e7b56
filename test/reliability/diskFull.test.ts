/**
 * A full disk, for real: a small tmpfs (mounting one needs root; elsewhere the tests are skipped, saying so).
 * A sweep that fills it ends in one line, exit 1, and leaves a folder `--resume` finishes once space is freed
 * — byte for byte the results of a sweep that never ran out; run --csv, merge and report leave nothing
 * half-written. (The same faults, injected without a file system, are in test/reports/folders/atomic.test.ts.)
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '../scripts/sweep/cli.js';
import { hexaHere } from '../helpers/inProcess.js';

const SWEEP = ['sweep', '--explore', '0:0.3:0.02', '--threshold', '0.75,0.85', '--replicates', '100', '--quiet'];

/** Mount a tmpfs of `size` at a fresh folder, or null where this process may not. */
function smallDisk(size: string): string | null {
  const dir = tempDir('disk');
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', dir], { stdio: 'ignore' });
    return dir;
  } catch {
    return null;
  }
}

const mounted: string[] = [];
const disk = smallDisk('2m');
if (disk !== null) mounted.push(disk);
const other = disk === null ? null : smallDisk('8m');
if (other !== null) mounted.push(other);
const dbDisk = disk === null ? null : smallDisk('4m');
if (dbDisk !== null) mounted.push(dbDisk);
if (disk === null) console.warn('disk-full tests skipped: this process may not mount a tmpfs (they need root)');
afterAll(() => {
  for (const dir of mounted) execFileSync('umount', [dir], { stdio: 'ignore' });
});

/** Fill the disk but for `leave` kilobytes. */
function fill(dir: string, leave: number): void {
  const free = Number(execFileSync('df', ['-k', '--output=avail', dir], { encoding: 'utf8' }).trim().split('\n')[1]);
  writeFileSync(join(dir, `fill-${free}`), Buffer.alloc(Math.max(0, free - leave) * 1024));
}

function oneLine(stderr: string): string {
  const lines = stderr.split('\n').filter((l) => l !== '');
  expect(lines, stderr).toHaveLength(1);
  expect(stderr).not.toMatch(/\n\s+at /);
  return lines[0]!;
}

describe.skipIf(disk === null || other === null)('a full disk (a 2 MB tmpfs)', () => {
  it('a sweep ends in one line, its folder "failed" and resumable; --resume finishes it as if it had not', async () => {
    const root = disk!;
    const r = await hexaHere([...SWEEP, '--out', 's'], { cwd: root });
    expect(r.status).toBe(1);
    expect(oneLine(r.stderr)).toMatch(
      new RegExp(
        String.raw`^hexa: sweep 's': no space left on the device \(ENOSPC\); \d+ of 32 cells are finished and kept, ` +
          'the manifest says "failed"; free some space, ' +
          'then run the same command with --resume to finish it$',
      ),
    );
    const manifest = JSON.parse(readFileSync(join(root, 's', 'manifest.json'), 'utf8')) as { status: string };
    expect(manifest.status).toBe('failed');
    // Nothing half-written: no results in progress, no temporaries, every cell file there verifies on resume.
    expect(readdirSync(join(root, 's')).sort()).toEqual(['cells', 'manifest.json']);
    expect(readdirSync(join(root, 's', 'cells')).filter((n) => !/^[0-9a-f]{16}\.csv$/.test(n))).toEqual([]);
    // A torn cell file (as a crash would leave one) fails verification and is run again.
    const cells = readdirSync(join(root, 's', 'cells'));
    expect(cells.length).toBeGreaterThan(0);
    const torn = join(root, 's', 'cells', cells[0]!);
    writeFileSync(torn, readFileSync(torn, 'utf8').slice(0, 200));

    execFileSync('mount', ['-o', 'remount,size=64m', root], { stdio: 'ignore' });
    const resumed = await hexaHere([...SWEEP, '--out', 's', '--resume'], { cwd: root });
    expect(resumed.status, resumed.stderr).toBe(0);
    const fresh = tempDir('disk-fresh');
    expect((await hexaHere([...SWEEP, '--out', 'f'], { cwd: fresh })).status).toBe(0);
    expect(readFileSync(join(root, 's', 'results.csv'), 'utf8')).toBe(
      readFileSync(join(fresh, 'f', 'results.csv'), 'utf8'),
    );
  });

  it('a sweep on a disk too full to start its results leaves no temporaries, says what it could record', async () => {
    const root = join(other!, 'start');
    mkdirSync(root);
    fill(other!, 8);
    const r = await hexaHere([...SWEEP, '--out', 's'], { cwd: root });
    expect(r.status).toBe(1);
    expect(oneLine(r.stderr)).toMatch(
      new RegExp(
        String.raw`^hexa: sweep 's': no space left on the device \(ENOSPC\); 0 of 32 cells are finished and kept, ` +
          '(the manifest says "failed"|but the manifest could not be written); free some space, ' +
          'then run the same command with --resume to finish it$',
      ),
    );
    expect(readdirSync(join(root, 's')).filter((n) => n.includes('.tmp'))).toEqual([]);
    for (const name of readdirSync(other!)) if (name.startsWith('fill-')) rmSync(join(other!, name));
  });

  it('run --csv, merge and report write nothing half-way', async () => {
    const root = join(other!, 'work');
    mkdirSync(root);
    const shards = tempDir('disk-shards');
    for (const s of ['0', '1'])
      expect((await hexaHere([...SWEEP, '--shard', `${s}/2`, '--out', `s${s}`], { cwd: shards })).status).toBe(0);
    fill(other!, 64);
    const before = readdirSync(root);
    const cases = [
      ['run', '--replicates', '400', '--csv', 'r.csv', '--quiet'],
      ['merge', join(shards, 's0'), join(shards, 's1'), '--out', 'm', '--quiet'],
      ['report', join(shards, 's0'), '--out', 'rep'],
    ];
    for (const args of cases) {
      const r = await hexaHere(args, { cwd: root });
      expect(r.status, args.join(' ')).toBe(1);
      expect(oneLine(r.stderr)).toMatch(/no space left on the device \(ENOSPC\); free some space/);
      expect(readdirSync(root), args.join(' ')).toEqual(before);
    }
    expect(existsSync(join(root, 'r.csv'))).toBe(false);
  });

  it.skipIf(dbDisk === null)(
    'a sweep whose --library-db fills the disk: one line, its manifest "failed", nothing half-written',
    async () => {
      const root = dbDisk!;
      const r = await hexaHere([...SWEEP, '--out', 's', '--library-db', 's.sqlite'], { cwd: root });
      expect(r.status).toBe(1);
      expect(oneLine(r.stderr)).toMatch(
        new RegExp(
          String.raw`^hexa: sweep 's': no space left on the device \(ENOSPC\); \d+ of 32 cells are finished ` +
            'and kept, (the manifest says "failed"|but the manifest could not be written)',
        ),
      );
      const manifest = JSON.parse(readFileSync(join(root, 's', 'manifest.json'), 'utf8')) as { status: string };
      expect(manifest.status).toBe('failed');
      // No scratch database, no temporaries, no locks: the folder and its finished cells only.
      expect(readdirSync(root).sort()).toEqual(['s']);
      expect(readdirSync(join(root, 's')).sort()).toEqual(['cells', 'manifest.json']);
    },
  );
});
