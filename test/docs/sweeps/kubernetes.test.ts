/**
 * The Kubernetes recipe of docs/sweeps.md without a Kubernetes: the container's command, read out of the
 * printed Job, run as the Job would run it — one process per completion index with JOB_COMPLETION_INDEX set,
 * all at once, one killed mid-run and started again (restartPolicy: OnFailure) — then the printed merge.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  expectResumed,
  finishedCells,
  recipe,
  recipeFolder,
  shardSize,
  sleep,
  standInNpx,
  wholeSweep,
} from './recipes.js';

/** The Job's container command and completion count, as printed. */
function printedJob(): { command: string[]; completions: number } {
  const job = recipe('kubernetes-job');
  const command = /^\s+command: (\[.*\])$/m.exec(job);
  const completions = /^\s+completions: (\d+)$/m.exec(job);
  expect(command).not.toBeNull();
  expect(completions).not.toBeNull();
  // A flow sequence of double-quoted strings is JSON.
  return { command: JSON.parse(command![1]!) as string[], completions: Number(completions![1]) };
}

/** A container: the command in its own process group, so a kill takes npx and hexa with it. */
function container(command: readonly string[], dir: string, index: number): ChildProcess {
  return spawn(command[0]!, command.slice(1), {
    cwd: dir,
    env: { ...standInNpx(dir), JOB_COMPLETION_INDEX: String(index) },
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
  });
}

const exited = (c: ChildProcess): Promise<number | null> =>
  c.exitCode !== null || c.signalCode !== null
    ? Promise.resolve(c.exitCode)
    : new Promise((done) => c.once('exit', (code) => done(code)));

/** Resolves once no process of the group led by `pid` is left (or after 30 s, for the check that follows to fail). */
async function groupGone(pid: number): Promise<void> {
  const alive = (): boolean => {
    try {
      process.kill(-pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  for (const end = Date.now() + 30_000; alive() && Date.now() < end; ) await sleep(20);
}

describe('the Kubernetes recipe', () => {
  it('runs the container command for every index, one restarted after a kill, and merges to one sweep', async () => {
    const dir = recipeFolder('recipe-kubernetes');
    const { results: whole, cells } = wholeSweep();
    const { command, completions } = printedJob();
    expect(command.join(' ')).toContain(`/${completions} `);

    const stderr: string[] = [];
    const started: ChildProcess[] = [];
    const start = (index: number): ChildProcess => {
      const c = container(command, dir, index);
      c.stderr?.setEncoding('utf8').on('data', (s: string) => stderr.push(s));
      started.push(c);
      return c;
    };
    try {
      const pods = Array.from({ length: completions }, (_, i) => start(i));
      // Kill the container of the first index caught with some cells finished and at least two to go.
      let cut: { index: number; kept: Map<string, number> } | undefined;
      for (const end = Date.now() + 120_000; cut === undefined; await sleep(50)) {
        if (Date.now() > end || pods.every((p) => p.exitCode !== null)) throw new Error('no container caught mid-run');
        for (let i = 0; i < completions && cut === undefined; i++) {
          const kept = finishedCells(join(dir, 'out', `grid-s${i}`));
          if (pods[i]!.exitCode !== null || kept.size < 1 || kept.size > shardSize(cells, i, completions) - 2) continue;
          process.kill(-pods[i]!.pid!, 'SIGKILL');
          cut = { index: i, kept };
        }
      }
      expect(await exited(pods[cut.index]!)).toBeNull();
      // The group's leader (npx) can exit before hexa, its child, is torn down and reaped; a restart meanwhile finds
      // the folder's lock held by a live pid, as a pod restarted on the node of a process still dying would.
      await groupGone(pods[cut.index]!.pid!);
      const cutAt = Date.now();
      pods[cut.index] = start(cut.index);
      expect(await Promise.all(pods.map(exited)), stderr.join('')).toEqual(Array(completions).fill(0));
      expectResumed(join(dir, 'out', `grid-s${cut.index}`), cut.kept, cutAt, shardSize(cells, cut.index, completions));
    } finally {
      // A failed check leaves no container running.
      for (const c of started) if (c.exitCode === null && c.signalCode === null) process.kill(-c.pid!, 'SIGKILL');
    }

    const merge = spawnSync('sh', ['-e', '-c', recipe('kubernetes-merge')], {
      cwd: dir,
      env: standInNpx(dir),
      encoding: 'utf8',
    });
    expect(merge.status, merge.stderr).toBe(0);
    expect(readFileSync(join(dir, 'out', 'grid', 'results.csv'), 'utf8')).toBe(whole);
    rmSync(dir, { recursive: true, force: true }); // kept only when a check failed
  }, 240_000);
});
