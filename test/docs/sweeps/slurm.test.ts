/**
 * The Slurm recipe of docs/sweeps.md, run as printed on a one-node Slurm of the test's own: the job array
 * (with --cpus-per-task lowered to fit the machine), one array task requeued while it runs, the merge as a
 * dependent job; the merged results equal an unsharded sweep byte for byte.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectResumed, finishedCells, recipe, recipeFolder, shardSize, sleep, wholeSweep } from './recipes.js';
import { type SlurmCluster, slurmUnavailable, startSlurm } from './slurm.js';

// CI runs as root with Slurm installed (.ci/run) and must run this; elsewhere it is skipped, saying why.
const unavailable = slurmUnavailable();
const skip = process.env.CI === undefined ? unavailable : undefined;

/** grid.sh as printed, asking for one CPU a task instead of the page's four. */
function gridScript(): { script: string; tasks: number; shards: number } {
  const printed = recipe('slurm-array');
  const cpus = /^#SBATCH --cpus-per-task=\d+$/m;
  expect(printed).toMatch(cpus);
  const array = /^#SBATCH --array=0-(\d+)$/m.exec(printed);
  const shards = /--shard "\$SLURM_ARRAY_TASK_ID\/(\d+)"/.exec(printed);
  expect(array).not.toBeNull();
  expect(shards).not.toBeNull();
  return {
    script: printed.replace(cpus, '#SBATCH --cpus-per-task=1'),
    tasks: Number(array![1]) + 1,
    shards: Number(shards![1]),
  };
}

/**
 * The printed 100 replicates a cell: at the other recipes' 20 a task caught mid-run sometimes finished its last cells
 * between the requeue and Slurm's kill (seen in a full run), and the resume this test checks never happened.
 */
const SLURM_REPLICATES = 100;

if (skip !== undefined) console.warn(`the Slurm recipe test is skipped: ${skip}`);
describe.skipIf(skip !== undefined)('the Slurm recipe', () => {
  let cluster: SlurmCluster;
  let dir: string;

  beforeAll(async () => {
    if (unavailable !== undefined) throw new Error(`CI must run the Slurm recipe, but ${unavailable}`);
    cluster = await startSlurm();
    dir = recipeFolder('recipe-slurm', SLURM_REPLICATES);
  }, 60_000);
  afterAll(async () => {
    await cluster?.stop();
  }, 60_000);

  it('runs the job array with a task requeued mid-run, merges in a dependent job, equals one sweep', async () => {
    const { results: whole, cells } = wholeSweep(SLURM_REPLICATES);
    const { script, tasks, shards } = gridScript();
    expect(tasks).toBe(shards);
    writeFileSync(join(dir, 'grid.sh'), script);

    const submit = spawnSync('bash', ['-e', '-c', recipe('slurm-submit')], {
      cwd: dir,
      env: cluster.env,
      encoding: 'utf8',
    });
    expect(submit.status, submit.stderr).toBe(0);
    const merge = /^Submitted batch job (\d+)$/m.exec(submit.stdout)?.[1];
    expect(merge, submit.stdout).toBeDefined();
    const array = cluster.command('squeue', ['-h', '-n', 'hexa-grid', '-o', '%F']).trim().split('\n')[0]!;
    expect(array).toMatch(/^\d+$/);

    // The jobs' own output (slurm-<job>_<task>.out in the submit folder) explains a failed task.
    const outputs = (): string =>
      readdirSync(dir)
        .filter((f) => f.startsWith('slurm-'))
        .map((f) => `== ${f}\n${readFileSync(join(dir, f), 'utf8')}`)
        .join('\n');

    // Requeue a running task that has finished some of its cells and has at least three to go: Slurm's kill reaches
    // the task a moment after the requeue, in which two cells of the recipes' grid (recipeGrid) may finish.
    const shardDir = (k: number): string => join(dir, 'out', `grid-s${k}`);
    let cut: { task: number; kept: Map<string, number> } | undefined;
    for (const end = Date.now() + 120_000; cut === undefined; await sleep(50)) {
      if (Date.now() > end) throw new Error(`no array task was caught mid-run\n${cluster.logs()}`);
      if (cluster.command('squeue', ['-h', '-n', 'hexa-grid']).trim() === '')
        throw new Error(`the array ended before a task could be requeued mid-run\n${outputs()}`);
      const running = cluster.command('squeue', ['-h', '-n', 'hexa-grid', '-t', 'R', '-o', '%K']).trim();
      for (const task of running === '' ? [] : running.split('\n').map(Number)) {
        const kept = finishedCells(shardDir(task));
        if (kept.size < 1 || kept.size > shardSize(cells, task, shards) - 3) continue;
        cluster.command('scontrol', ['requeue', `${array}_${task}`]);
        cut = { task, kept };
        break;
      }
    }
    const requeued = `${array}_${cut.task}`;
    const state = (job: string): string => cluster.command('squeue', ['-h', '-j', job, '-o', '%T']).trim();
    for (const end = Date.now() + 30_000; state(requeued) !== 'PENDING'; await sleep(100))
      if (Date.now() > end) throw new Error(`${requeued} did not return to the queue\n${cluster.logs()}`);
    const cutAt = Date.now();
    // Slurm holds a requeued job for about two minutes; the test lets it start at once.
    cluster.command('scontrol', ['update', `JobId=${requeued}`, 'StartTime=now']);

    for (const end = Date.now() + 180_000; cluster.command('squeue', ['-h']).trim() !== ''; await sleep(250)) {
      if (Date.now() > end) throw new Error(`the jobs did not finish\n${outputs()}\n${cluster.logs()}`);
      const reason = cluster.command('squeue', ['-h', '-j', merge!, '-o', '%r']).trim();
      if (reason === 'DependencyNeverSatisfied')
        throw new Error(`an array task failed, so the merge cannot run\n${outputs()}`);
    }

    const jobs = cluster.command('scontrol', ['-o', 'show', 'job', array]).trim().split('\n');
    expect(jobs).toHaveLength(tasks);
    for (const line of jobs) expect(line, line).toMatch(/ JobState=COMPLETED .*ExitCode=0:0/);
    const restarts = jobs.map((line) => `${/ArrayTaskId=(\d+)/.exec(line)?.[1]}:${/Restarts=(\d+)/.exec(line)?.[1]}`);
    expect(restarts.filter((r) => !r.endsWith(':0'))).toEqual([`${cut.task}:1`]);
    expect(cluster.command('scontrol', ['-o', 'show', 'job', merge!])).toMatch(/ JobState=COMPLETED .*ExitCode=0:0/);

    expectResumed(shardDir(cut.task), cut.kept, cutAt, shardSize(cells, cut.task, shards));
    expect(readFileSync(join(dir, 'out', 'grid', 'results.csv'), 'utf8')).toBe(whole);
    rmSync(dir, { recursive: true, force: true }); // kept only when a check failed
  }, 240_000);
});
