/**
 * `npm run findings`: the measured answers of the README's "Findings" section, as markdown on stdout.
 *
 *   node dist/scripts/findings/main.js [--replicates N] [--seed S] [--only exploration,refutation,recovery,threshold,tools]
 *
 * Every arm is a `hexa run` configuration (the tables name one command each); nothing is written to disk.
 */
import { parseInteger } from '../flags.js';
import { msg, UsageError } from '../messages.js';
import type { Scale } from './measure.js';
import { explorationUnderDrift } from './sections/exploration.js';
import { recoveryAfterDrift } from './sections/recovery.js';
import { refutationAfterDrift } from './sections/refutation.js';
import { thresholdBySampleSize } from './sections/threshold.js';
import { toolLoop } from './sections/tools.js';

const SECTIONS: Readonly<Record<string, (scale: Scale) => string>> = {
  exploration: (s) => ['### Exploration under drift (window `round`, the audited default)', '', explorationUnderDrift(s, 'round'), '',
    '### Exploration under drift (window `all`, the pre-audit default)', '', explorationUnderDrift(s, 'all')].join('\n'),
  refutation: (s) => ['### The refutation rate after a drift', '', refutationAfterDrift(s)].join('\n'),
  recovery: (s) => ['### Recovery after a drift, by lifecycle', '', recoveryAfterDrift(s, 'round', '0'), '', recoveryAfterDrift(s, 'all', '0'), '',
    recoveryAfterDrift(s, 'all', '0.1')].join('\n'),
  threshold: (s) => ['### A threshold tied to sample size against the fixed 0.85', '', thresholdBySampleSize(s)].join('\n'),
  tools: (s) => ['### The tool loop: circuit breaker, skill confidence, both', '', toolLoop(s)].join('\n'),
};

export function parseArgs(argv: readonly string[]): { scale: Scale; only: string[] } {
  let replicates = 1000;
  let seed = 1;
  let only = Object.keys(SECTIONS);
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i]!;
    const value = argv[i + 1];
    if (value === undefined || !flag.startsWith('--')) throw new UsageError(msg.unknownFlag(flag));
    i++;
    if (flag === '--replicates') replicates = parseInteger('replicates', value, 2, 1_000_000);
    else if (flag === '--seed') seed = parseInteger('seed', value, 0, 2 ** 53 - 1);
    else if (flag === '--only') {
      only = value.split(',');
      for (const name of only) if (!(name in SECTIONS)) throw new UsageError(msg.notOneOf('only', name, Object.keys(SECTIONS)));
    } else throw new UsageError(msg.unknownFlag(flag));
  }
  return { scale: { replicates, seed, resamples: 2000 }, only };
}

export function findings(scale: Scale, only: readonly string[]): string {
  return only.map((name) => SECTIONS[name]!(scale)).join('\n\n') + '\n';
}

const isMain = process.argv[1] !== undefined && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/').split('/').slice(-3).join('/'));
if (isMain) {
  try {
    const { scale, only } = parseArgs(process.argv.slice(2));
    process.stdout.write(findings(scale, only));
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    process.stderr.write(`findings: ${e.message}\n`);
    process.exit(2);
  }
}
