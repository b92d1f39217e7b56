/** `hexa bench`: attempts per second on the 4-bit exploitation arm and on a 256-bit lock. */
import type { ArgumentsCamelCase, Argv, CommandModule } from 'yargs';
import { parseDecimal } from '../flags.js';

interface BenchArgs {
  json?: boolean;
  seconds?: string;
}

export const benchCommand: CommandModule<object, BenchArgs> = {
  command: 'bench',
  describe: 'measure attempts per second with learning on (one core)',
  builder: (y: Argv) =>
    y
      .option('json', { type: 'boolean', describe: 'print {lock4: {attemptsPerSec}, lock256: {attemptsPerSec}}' })
      .option('seconds', { type: 'string', describe: 'minimum timed seconds per figure [default: 2]' }) as unknown as Argv<BenchArgs>,
  handler: async (argv: ArgumentsCamelCase<BenchArgs>) => {
    const seconds = argv.seconds === undefined ? 2 : parseDecimal('seconds', argv.seconds);
    const { runBench } = await import('../../sim/bench.js');
    const r = runBench(seconds);
    if (argv.json === true) {
      process.stdout.write(JSON.stringify(r, null, 2) + '\n');
      return;
    }
    const m = (x: number): string => (x / 1e6).toFixed(2);
    process.stdout.write(
      [
        `4-bit lock, published exploitation arm: ${m(r.lock4.attemptsPerSec)} M attempts/s (${r.lock4.nsPerAttemptPerPosition.toFixed(2)} ns per attempt per bit)`,
        `256-bit lock:                           ${m(r.lock256.attemptsPerSec)} M attempts/s (${r.lock256.nsPerAttemptPerPosition.toFixed(2)} ns per attempt per bit)`,
        `cost of a 256-bit attempt / 4-bit attempt: ${(r.lock4.attemptsPerSec / r.lock256.attemptsPerSec).toFixed(1)}× (linear would be 64×)`,
      ].join('\n') + '\n',
    );
  },
};
