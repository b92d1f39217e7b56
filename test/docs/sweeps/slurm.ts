/**
 * A one-node Slurm cluster of the test's own: a munged on its own socket and key, slurmctld and slurmd on
 * a slurm.conf in a temporary folder (free ports, state, spool, logs and pid files in that folder), so two
 * copies of the test on one machine never meet. The daemons are this process's children, stopped by their
 * pids — after the cluster's jobs are cancelled, since a job's processes are not the daemons' children.
 */
import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { availableParallelism, hostname } from 'node:os';
import { join } from 'node:path';
import { tempDir } from '../../scripts/sweep/cli.js';
import { sleep } from './recipes.js';

const DAEMONS = ['munged', 'slurmctld', 'slurmd'] as const;
const CLIENTS = ['sbatch', 'squeue', 'scontrol', 'scancel', 'sinfo'] as const;

/** Why this machine cannot run a Slurm of its own (undefined: it can). */
export function slurmUnavailable(): string | undefined {
  if (process.getuid?.() !== 0) return 'Slurm daemons need root';
  const missing = [...DAEMONS, ...CLIENTS].filter((c) => spawnSync('which', [c], { stdio: 'ignore' }).status !== 0);
  if (missing.length > 0) return `not installed: ${missing.join(', ')} (Debian: slurmctld slurmd slurm-client munge)`;
  return undefined;
}

export interface SlurmCluster {
  /** The environment for Slurm's commands (SLURM_CONF names this cluster). */
  readonly env: NodeJS.ProcessEnv;
  /** Run a Slurm client command against this cluster; its stdout. */
  command(name: (typeof CLIENTS)[number], args: readonly string[]): string;
  /** The daemons' logs, for a failure message. */
  logs(): string;
  /** Cancel every job, stop the daemons (SIGTERM, then SIGKILL), remove the cluster's folder. */
  stop(): Promise<void>;
}

/** Ports free now (held open together, so they differ), for slurmctld and slurmd. */
async function freePorts(count: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<ReturnType<typeof createServer>>((done, fail) => {
          const s = createServer();
          s.once('error', fail);
          s.listen(0, () => done(s));
        }),
    ),
  );
  const ports = servers.map((s) => {
    const address = s.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    return address.port;
  });
  await Promise.all(servers.map((s) => new Promise((done) => s.close(done))));
  return ports;
}

async function until(what: string, test: () => boolean, ms: number, logs: () => string): Promise<void> {
  for (const end = Date.now() + ms; !test(); await sleep(100))
    if (Date.now() > end) throw new Error(`Slurm test cluster: ${what} not within ${ms / 1000} s\n${logs()}`);
}

export async function startSlurm(): Promise<SlurmCluster> {
  const dir = tempDir('slurm');
  // munged wants its socket's folders searchable by all and its key private to it.
  chmodSync(dir, 0o755);
  for (const sub of ['key', 'socket', 'state', 'spool', 'log']) mkdirSync(join(dir, sub));
  chmodSync(join(dir, 'key'), 0o700);
  writeFileSync(join(dir, 'key', 'munge.key'), randomBytes(128), { mode: 0o600 });
  const socket = join(dir, 'socket', 'munge.sock');
  const node = hostname().split('.')[0]!;
  const [ctldPort, slurmdPort] = await freePorts(2);
  const conf = join(dir, 'slurm.conf');
  writeFileSync(join(dir, 'plugstack.conf'), '');
  writeFileSync(
    conf,
    [
      'ClusterName=hexatest',
      `SlurmctldHost=${node}`,
      `SlurmctldPort=${ctldPort}`,
      `SlurmdPort=${slurmdPort}`,
      'SlurmUser=root',
      'SlurmdUser=root',
      'AuthType=auth/munge',
      `AuthInfo=socket=${socket}`,
      'CredType=cred/munge',
      'ProctrackType=proctrack/linuxproc',
      'TaskPlugin=task/none',
      'SelectType=select/cons_tres',
      'SelectTypeParameters=CR_CPU',
      'JobAcctGatherType=jobacct_gather/none',
      'AccountingStorageType=accounting_storage/none',
      'MpiDefault=none',
      'SwitchType=switch/none',
      'ReturnToService=2',
      // Finished jobs stay visible to scontrol for the test's checks; a requeue's kill is quick.
      'MinJobAge=3600',
      'KillWait=2',
      // A freed CPU or a met dependency starts the next job at once, not at the scheduler's next pass (3 s, 60 s).
      'SchedulerParameters=batch_sched_delay=0,sched_interval=1',
      `StateSaveLocation=${join(dir, 'state')}`,
      `SlurmdSpoolDir=${join(dir, 'spool')}`,
      `SlurmctldPidFile=${join(dir, 'slurmctld.pid')}`,
      `SlurmdPidFile=${join(dir, 'slurmd.pid')}`,
      `SlurmctldLogFile=${join(dir, 'log', 'slurmctld.log')}`,
      `SlurmdLogFile=${join(dir, 'log', 'slurmd.log')}`,
      `PlugStackConfig=${join(dir, 'plugstack.conf')}`,
      `NodeName=${node} CPUs=${availableParallelism()} State=UNKNOWN`,
      'PartitionName=test Nodes=ALL Default=YES MaxTime=INFINITE State=UP',
      '',
    ].join('\n'),
  );
  const env: NodeJS.ProcessEnv = { ...process.env, SLURM_CONF: conf };
  const children: ChildProcess[] = [];
  const killAll = (): void => {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  };
  // Should this process end without stop() (a crash, a timeout), the daemons end with it.
  process.once('exit', killAll);
  const start = (command: string, args: readonly string[]): void => {
    children.push(spawn(command, [...args], { env, stdio: 'ignore' }));
  };
  const logs = (): string =>
    ['slurmctld.log', 'slurmd.log', 'munged.log']
      .map((f) => join(dir, 'log', f))
      .filter((f) => existsSync(f))
      .map((f) => `== ${f}\n${readFileSync(f, 'utf8').split('\n').slice(-15).join('\n')}`)
      .join('\n');
  const command = (name: (typeof CLIENTS)[number], args: readonly string[]): string =>
    execFileSync(name, [...args], { env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

  try {
    start('munged', [
      '--foreground',
      `--socket=${socket}`,
      `--key-file=${join(dir, 'key', 'munge.key')}`,
      `--log-file=${join(dir, 'log', 'munged.log')}`,
      `--pid-file=${join(dir, 'munged.pid')}`,
      `--seed-file=${join(dir, 'key', 'munged.seed')}`,
    ]);
    await until('munged', () => existsSync(socket), 10_000, logs);
    start('slurmctld', ['-D', '-f', conf]);
    start('slurmd', ['-D', '-f', conf]);
    const idle = (): boolean => {
      try {
        return command('sinfo', ['-h', '-o', '%T']).trim() === 'idle';
      } catch {
        return false;
      }
    };
    await until('the node idle', idle, 30_000, logs);
  } catch (e) {
    killAll();
    throw e;
  }

  return {
    env,
    command,
    logs,
    async stop() {
      try {
        command('scancel', ['--full', '--user', 'root']);
        await until('the jobs cancelled', () => command('squeue', ['-h']).trim() === '', 20_000, logs);
      } catch {
        // The daemons go regardless; a job left running is then the slurmd log's to explain.
      }
      for (const c of children) c.kill('SIGTERM');
      const exited = (): boolean => children.every((c) => c.exitCode !== null || c.signalCode !== null);
      await until('the daemons stopped', exited, 10_000, logs).catch(killAll);
      process.removeListener('exit', killAll);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
