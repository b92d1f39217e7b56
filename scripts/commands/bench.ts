/**
 * `hexa bench`: attempts per second on the 4-bit exploitation arm and on a 256-bit lock, then the time of
 * the default reproduction (1000 replicates, all arms) and of the audit (every hidden-choice combination).
 */
import type { ArgumentsCamelCase, Argv, CommandModule } from 'yargs';
import { parseDecimal } from '../config/flags.js';
import { withOutputFlags, type OutputArgs } from './common.js';

interface BenchArgs extends OutputArgs {
  seconds?: string;
  reproduce?: boolean;
  audit?: boolean;
}

export const benchCommand: CommandModule<object, BenchArgs> = {
  command: 'bench',
  describe: 'measure attempts per second with learning on (one core), and the time of hexa reproduce and its audit',
  builder: (y: Argv) =>
    withOutputFlags(y, '{lock4: {attemptsPerSec, …}, lock256: {…}, lockModule: {module, builtIn, slowdown}, reproduce: {seconds, cpuSeconds, …}, audit: {…}}', false)
      .option('seconds', { type: 'string', describe: 'minimum timed seconds per figure [default: 2]' })
      .option('reproduce', { type: 'boolean', default: true, describe: 'also time hexa reproduce (--no-reproduce: attempts per second only)' })
      .option('audit', { type: 'boolean', default: true, describe: 'also time hexa reproduce --audit (--no-audit to skip)' }) as unknown as Argv<BenchArgs>,
  handler: async (argv: ArgumentsCamelCase<BenchArgs>) => {
    const seconds = argv.seconds === undefined ? 2 : parseDecimal('seconds', argv.seconds);
    const { benchAudit, benchReproduce, runBench } = await import('../bench/bench.js');
    const lock = runBench(seconds);
    const { benchModuleLock } = await import('../bench/moduleBench.js');
    const lockModule = await benchModuleLock(seconds);
    const reproduce = argv.reproduce === false ? undefined : await benchReproduce();
    const audit = argv.reproduce === false || argv.audit === false ? undefined : await benchAudit();
    const r = { ...lock, lockModule, ...(reproduce !== undefined ? { reproduce } : {}), ...(audit !== undefined ? { audit } : {}) };
    if (argv.json === true) {
      process.stdout.write(JSON.stringify(r, null, 2) + '\n');
      return;
    }
    const t = (x: { seconds: number; cpuSeconds: number }): string => `${x.seconds.toFixed(1)} s (CPU ${x.cpuSeconds.toFixed(1)} s)`;
    const m = (x: number): string => (x / 1e6).toFixed(2);
    process.stdout.write(
      [
        `4-bit lock, published exploitation arm: ${m(r.lock4.attemptsPerSec)} M attempts/s wall, ${m(r.lock4.attemptsPerCpuSec)} M per CPU second (${r.lock4.nsPerAttemptPerPosition.toFixed(2)} ns per attempt per bit)`,
        `256-bit lock:                           ${m(r.lock256.attemptsPerSec)} M attempts/s wall, ${m(r.lock256.attemptsPerCpuSec)} M per CPU second (${r.lock256.nsPerAttemptPerPosition.toFixed(2)} ns per attempt per bit)`,
        `cost of a 256-bit attempt / 4-bit attempt: ${(r.lock4.attemptsPerCpuSec / r.lock256.attemptsPerCpuSec).toFixed(1)}× (CPU time; linear would be 64×)`,
        `4-bit lock as a JavaScript module (docs/examples/lock-world.mjs): ${m(lockModule.module.attemptsPerCpuSec)} M attempts per CPU second against ${m(lockModule.builtIn.attemptsPerCpuSec)} M built-in (alternating, best of 3): ${lockModule.slowdown.toFixed(2)}× the cost (target ≤ 1.3×)`,
        ...(reproduce !== undefined ? [`hexa reproduce (${reproduce.replicates} replicates × ${reproduce.arms} arms, without writing files): ${t(reproduce)}`] : []),
        ...(audit !== undefined ? [`hexa reproduce --audit (${audit.combinations} combinations × ${audit.replicates} replicates, ${audit.workers} worker${audit.workers > 1 ? 's' : ''}): ${t(audit)}`] : []),
      ].join('\n') + '\n',
    );
  },
};
