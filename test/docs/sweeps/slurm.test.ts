/**
 * The Slurm recipe of docs/sweeps.md, run as printed on a one-node Slurm of the test's own: the job array
 * (with --cpus-per-task lowered to fit the machine), one array task requeued while it runs, the merge as a
 * dependent job; the merged results equal an unsharded sweep byte for byte.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { builtCli } from '../../helpers/cli.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

/** The array task held mid-run and requeued: the first to start, with the most cells (shardSize). */
const HELD_TASK = 0;

/**
 * The `hexa` that `npx hexa` finds in the folder (recipeFolder's), which stops the held task's first sweep
 * (SIGSTOP) as soon as its first cell file is written: the test then requeues a task that is certainly mid-run, with
 * a cell kept and the rest to go, where catching one by polling raced the task's last cells (and needed the
 * printed 100 replicates a cell to win that race often enough). Slurm's kill then ends the stopped sweep as it
 * would a running one (SIGCONT, SIGTERM, SIGKILL); `held/` marks the hold done, so the requeued run goes through.
 */
function holdingBin(dir: string): void {
  const shardDir = join(dir, 'out', `grid-s${HELD_TASK}`);
  const node = `'${process.execPath}' '${builtCli()}'`;
  const script = [
    '#!/bin/sh',
    `if [ "$1" != sweep ] || [ "$SLURM_ARRAY_TASK_ID" != ${HELD_TASK} ] || ! mkdir '${dir}/held' 2>/dev/null; then`,
    `  exec ${node} "$@"`,
    'fi',
    `${node} "$@" &`,
    'sweep=$!',
    `until ls '${shardDir}/cells' 2>/dev/null | grep -Eq '^[0-9a-f]{16}[.]csv$'; do`,
    '  kill -0 $sweep 2>/dev/null || exit 1',
    '  sleep 0.01',
    'done',
    'kill -STOP $sweep',
    `echo $sweep > '${dir}/held/pid'`,
    'wait $sweep',
    '',
  ].join('\n');
  writeFileSync(join(dir, 'node_modules', '.bin', 'hexa'), script);
}

if (skip !== undefined) console.warn(`the Slurm recipe test is skipped: ${skip}`);
describe.skipIf(skip !== undefined)('the Slurm recipe', () => {
  let cluster: SlurmCluster;
  let dir: string;

  beforeAll(async () => {
    if (unavailable !== undefined) throw new Error(`CI must run the Slurm recipe, but ${unavailable}`);
    cluster = await startSlurm();
    dir = recipeFolder('recipe-slurm');
    holdingBin(dir);
  }, 60_000);
  afterAll(async () => {
    await cluster?.stop();
  }, 60_000);

  it('runs the job array with a task requeued mid-run, merges in a dependent job, equals one sweep', async () => {
    const { results: whole, cells } = wholeSweep();
    const { script, tasks, shards } = gridScript();
    expect(tasks).toBe(shards);
    writeFileSync(join(dir, 'grid.sh'), script);

    // The jobs run in the environment they were submitted from (sbatch exports it), the stand-in npx with it.
    const submit = spawnSync('bash', ['-e', '-c', recipe('slurm-submit')], {
      cwd: dir,
      env: standInNpx(dir, cluster.env),
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

    // Requeue the held task once it is stopped with its first cell kept (holdingBin).
    const shardDir = (k: number): string => join(dir, 'out', `grid-s${k}`);
    for (const end = Date.now() + 120_000; !existsSync(join(dir, 'held', 'pid')); await sleep(50)) {
      if (Date.now() > end) throw new Error(`task ${HELD_TASK} was not held mid-run\n${outputs()}\n${cluster.logs()}`);
      if (cluster.command('squeue', ['-h', '-n', 'hexa-grid']).trim() === '')
        throw new Error(`the array ended before task ${HELD_TASK} was held mid-run\n${outputs()}`);
    }
    const cut = { task: HELD_TASK, kept: finishedCells(shardDir(HELD_TASK)) };
    expect(cut.kept.size).toBeGreaterThanOrEqual(1);
    expect(cut.kept.size).toBeLessThan(shardSize(cells, HELD_TASK, shards));
    cluster.command('scontrol', ['requeue', `${array}_${HELD_TASK}`]);
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
