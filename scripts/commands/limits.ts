/** `hexa limits`: exact bounds for the N-bit lock — optimal and consistent openers, random guessing. */
import type { ArgumentsCamelCase, Argv, CommandModule } from 'yargs';
import { parseInteger } from '../../sim/core/params/read.js';
import { single } from '../config/flags.js';
import { msg, UsageError } from '../../sim/core/messages.js';
import { humanOutput, progressOf, withOutputFlags, type OutputArgs } from './common.js';

interface LimitsArgs extends OutputArgs {
  bits?: string;
  cap?: string;
}

export const limitsCommand: CommandModule<object, LimitsArgs> = {
  builder: (y: Argv) =>
    withOutputFlags(y, '{bits, optimal: {expected, worst}, consistent: {expected}, random: {…}}')
      .option('bits', { type: 'number', describe: 'lock length N [default: 4]' })
      .option('cap', { type: 'number', describe: 'attempt cap for the capped random figures [default: 20]' })
      .example('hexa limits --bits 4', 'optimal 13/4 (worst case 5), consistent 13/4, random 11.599 (cap 20)')
      .example(
        'hexa limits --bits 6 --json',
        'the same as JSON, exact fractions as "p/q"',
      ) as unknown as Argv<LimitsArgs>,
  handler: async (argv: ArgumentsCamelCase<LimitsArgs>) => {
    const { computeLimits, limitsMaxCap, LIMITS_MAX_BITS } = await import('../../sim/limits/limits.js');
    const bitsText = single('bits', argv.bits) ?? '4';
    const bits = parseInteger('bits', bitsText, 1);
    if (bits > LIMITS_MAX_BITS)
      throw new UsageError(
        msg.beyondExact(
          'bits',
          bitsText,
          LIMITS_MAX_BITS,
          'whose optimal opener is solved exactly (the search over candidate sets grows doubly exponentially)',
        ),
      );
    const capText = single('cap', argv.cap) ?? '20';
    const cap = parseInteger('cap', capText, 1, 1_000_000_000);
    if (cap > limitsMaxCap(bits)) throw new UsageError(msg.capBeyondExact(capText, limitsMaxCap(bits), bits));
    // The 8-bit optimum takes tens of seconds: say that work is going on (stderr).
    const progress = await progressOf(argv, 'limits');
    const r = await computeLimits(bits, cap, (n) =>
      progress.update(n, undefined, 'candidate sets solved (optimal opener)'),
    );
    progress.end();
    if (argv.json === true) {
      process.stdout.write(`${JSON.stringify(r, null, 2)}\n`);
      return;
    }
    if (!humanOutput(argv)) return;
    const { renderTable } = await import('../../reports/tables/table.js');
    const row = (what: string, f: { expected: string; value: number }, worst: string): string[] => [
      what,
      f.value.toFixed(4),
      worst,
      shortFraction(f.expected),
    ];
    const rows = [
      row('optimal opener', r.optimal, String(r.optimal.worst)),
      row('consistent opener (uniform among consistent codes)', r.consistent, String(r.consistent.worst)),
      row('random, without replacement, uncapped', r.random.withoutReplacement.uncapped, String(2 ** bits)),
      row(
        `random, without replacement, cap ${cap}`,
        r.random.withoutReplacement.capped,
        String(Math.min(cap, 2 ** bits)),
      ),
      row('random, with replacement, uncapped', r.random.withReplacement.uncapped, '∞'),
      row(`random, with replacement, cap ${cap}`, r.random.withReplacement.capped, String(cap)),
    ];
    process.stdout.write(
      `${[
        `${bits}-bit lock (${2 ** bits} codes), truth uniform; expected attempts, final correct guess counted:`,
        '',
        renderTable(['policy', 'expected attempts', 'worst case', 'exact'], rows),
        '',
        `Openers are uncapped; they stay under the cap whenever the worst case does. Solver states: optimal ` +
          `${r.states.optimal}, consistent ${r.states.consistent}.`,
      ].join('\n')}\n`,
    );
  },
};

/** A fraction for the table: as is up to 60 characters, else its size (--json prints it whole). */
function shortFraction(text: string): string {
  if (text.length <= 60) return text;
  const [n, d] = text.split('/') as [string, string];
  return `${n.slice(0, 12)}…/${d.slice(0, 12)}… (${n.length}/${d.length} digits; --json prints it)`;
}
