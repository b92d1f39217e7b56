/**
 * `npm run stability`: the verdict's qualitative claims at several seeds, and how often each agrees across them —
 * the choices identified (and those held open only by readings it cannot estimate), the outlier claim, and the
 * 90 % credible set's readings — for the default `hexa reproduce` (a quick audit) or, with `--audit`, the full one.
 * A claim the README quotes must agree at every seed.
 *
 *   node dist/scripts/findings/stability.js [--seeds 1-10] [--audit] [--json]
 *
 * Each seed is a whole reproduction (the table's arms too); the full audit at ten seeds takes tens of CPU-minutes.
 */
import { pathToFileURL } from 'node:url';
import '../program/nodeProgram.js';
import { HIDDEN_CHOICES } from '../../sim/reproduction/arms.js';
import { defaultWorkers } from '../../sim/core/parallel/cores.js';
import { parseInteger } from '../../sim/core/params/read.js';
import { PUBLISHED_AGENT } from '../../sim/agent/agentConfig.js';
import { hiddenOf } from '../../sim/reproduction/arms.js';
import type { Verdict } from '../../sim/reproduction/verdict.js';
import { outlierClaim } from '../../reports/tables/headline.js';
import { executeReproduce } from '../reproduceReport.js';
import { DEFAULT_AUDIT_REPLICATES, QUICK_AUDIT_REPLICATES } from '../commands/reproduce.js';

/** One seed's qualitative claims, each as a short text (equal texts are the same claim). */
export interface SeedClaims {
  readonly seed: number;
  readonly claims: Readonly<Record<string, string>>;
}

const flagOf = (key: string): string => HIDDEN_CHOICES.find((c) => c.key === key)?.flag ?? key;

/** The claims a verdict makes, by name. */
export function claimsOf(v: Verdict): Record<string, string> {
  const identified = HIDDEN_CHOICES.filter((c) => v.identified[c.key] !== undefined)
    .map((c) => `--${c.flag} ${v.identified[c.key]}`)
    .join(' ');
  return {
    identified: identified || 'none',
    'held open by readings not estimable': v.heldOpen.map(flagOf).join(', ') || 'none',
    outlier: outlierClaim(v),
    'credible set': v.credible
      .map((e) =>
        HIDDEN_CHOICES.map((c) => e.hidden[c.key])
          .sort()
          .join('/'),
      )
      .sort()
      .join('; '),
  };
}

/** Per claim, its most common text over the seeds and how many seeds make it. */
export function agreement(
  seeds: readonly SeedClaims[],
): { readonly claim: string; readonly modal: string; readonly agree: number; readonly seeds: number }[] {
  const names = [...new Set(seeds.flatMap((s) => Object.keys(s.claims)))];
  return names.map((claim) => {
    const counts = new Map<string, number>();
    for (const s of seeds) {
      const text = s.claims[claim] ?? '(none)';
      counts.set(text, (counts.get(text) ?? 0) + 1);
    }
    const [modal, agree] = [...counts].reduce((a, b) => (b[1] > a[1] ? b : a));
    return { claim, modal, agree, seeds: seeds.length };
  });
}

/** "1-10", "1,3,5" or "7". */
export function parseSeeds(text: string): number[] {
  const out: number[] = [];
  for (const part of text.split(',')) {
    const [a, b] = part.split('-');
    const lo = parseInteger('seeds', a!, 0, 2 ** 48);
    const hi = b === undefined ? lo : parseInteger('seeds', b, lo, 2 ** 48);
    for (let s = lo; s <= hi; s++) out.push(s);
  }
  return out;
}

async function main(args: readonly string[]): Promise<void> {
  const at = args.indexOf('--seeds');
  const seeds = parseSeeds(at >= 0 ? args[at + 1]! : '1-5');
  const full = args.includes('--audit');
  const results: SeedClaims[] = [];
  for (const seed of seeds) {
    const report = await executeReproduce({
      hidden: hiddenOf(PUBLISHED_AGENT),
      seed,
      replicates: 1000,
      single: false,
      audit: full,
      auditReplicates: full ? DEFAULT_AUDIT_REPLICATES : QUICK_AUDIT_REPLICATES,
      fullAuditReplicates: DEFAULT_AUDIT_REPLICATES,
      workers: defaultWorkers(),
    });
    results.push({ seed, claims: claimsOf(report.verdict!) });
    if (!args.includes('--json')) process.stderr.write(`seed ${seed}: ${JSON.stringify(results.at(-1)!.claims)}\n`);
  }
  const table = agreement(results);
  if (args.includes('--json'))
    process.stdout.write(
      `${JSON.stringify({ audit: full ? 'full' : 'quick', seeds: results, agreement: table }, null, 2)}\n`,
    );
  else
    process.stdout.write(
      [
        `Qualitative claims of ${full ? '`hexa reproduce --audit`' : '`hexa reproduce`'} at seeds ${seeds.join(', ')}:`,
        '',
        '| claim | at most seeds | agreeing seeds |',
        '|---|---|---|',
        ...table.map((r) => `| ${r.claim} | ${r.modal} | ${r.agree} of ${r.seeds} |`),
        '',
      ].join('\n'),
    );
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href)
  await main(process.argv.slice(2));
