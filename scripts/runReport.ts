/** Turns an experiment's result into the table, the JSON document and the tidy CSV of `hexa run`. */
import { poolAnchors, type PoolAnchor } from '../sim/limits/anchors.js';
import { openerAnchor } from '../sim/limits/openerAnchor.js';
import { formatMeanSd, runMetrics } from '../sim/experiment/runMetrics.js';
import type { Run, RunConfig } from '../sim/experiment/config.js';
import { envSpecOf, runExperiment, type ExperimentResult } from '../sim/experiment/experiment.js';
import { ReplicateKey } from '../sim/core/rng.js';
import { runCsv } from '../reports/csv/rows.js';
import { describePolicies } from './describePolicies.js';
import { fmt, fmtInterval, fmtPercent, renderTable } from '../reports/tables/table.js';

export interface RunReport {
  readonly result: ExperimentResult;
  readonly anchors: PoolAnchor[];
  text(): string;
  json(): unknown;
  csv(): string;
}

export async function executeRun(config: Run): Promise<RunReport> {
  const spec = envSpecOf(config);
  const probe = spec.create(config.envParams, new ReplicateKey(config.seed, 0).stream('world'));
  // Uniform-guessing anchors describe the feedback-blind Actor; in-task reasoning has its own exact value.
  const blind = config.agent.actor === 'published';
  const anchors = spec.exactRandomControl && blind ? poolAnchors(config, probe.space.positions, probe.space.arity) : [];
  const opener =
    !blind && !config.agent.library && spec.feedback === 'matches' && probe.space.arity === 2
      ? openerAnchor(config.agent.actor, probe.space.positions, config.cap)
      : null;
  const result = runExperiment(config);
  const runs = runMetrics(result.replicates);
  const control = config.agent.library
    ? undefined
    : blind
      ? anchors[0]?.anchor.expectedAttempts
      : (opener ?? undefined);

  return {
    result,
    anchors,
    text() {
      const header = [
        'round',
        'mean attempts',
        '95% CI',
        'solve rate',
        'skills',
        'tests',
        'refutations',
        'refut. rate',
      ];
      if (control !== undefined) header.push('exact');
      const rows = result.rounds.map((r) => {
        const row = [
          String(r.round),
          fmt(r.meanAttempts, 3),
          fmtInterval(r.ci95, 3),
          fmtPercent(r.solveRate, 1),
          fmt(r.skills, 2),
          fmt(r.tests, 1),
          fmt(r.refutations, 1),
          fmtPercent(r.refutationRate),
        ];
        if (control !== undefined) row.push(control.value.toFixed(3));
        return row;
      });
      const policies = describePolicies(config.agent);
      const lines = [describeConfig(config), ...(policies === null ? [] : [policies]), '', renderTable(header, rows)];
      if (config.replicates === 1) lines.push('', 'One replicate: no interval over replicates (use --replicates N).');
      lines.push(
        '',
        `Per run, over all its evaluation tasks (HExA metrics, mean ± sd over ${runs.runs} run${runs.runs > 1 ? 's' : ''}): ` +
          `success rate ${formatMeanSd(runs.successRate, 1, 100, ' %')}, mean attempts ${formatMeanSd(runs.meanAttempts, 3)}`,
      );
      if (opener !== null)
        lines.push(
          '',
          `Exact expected attempts, ${config.agent.actor} opener (any truth): ${opener.exact} = ${opener.value.toFixed(3)}`,
        );
      if (anchors.length > 0) {
        lines.push('', `Exact expected attempts, uniform guessing (cap ${config.cap}):`);
        for (const a of anchors) {
          const what =
            a.fixed === 0
              ? 'no constraint (random control)'
              : `${a.fixed} position${a.fixed > 1 ? 's' : ''} fixed, pool ${a.pool}, explore ${config.agent.explore}`;
          lines.push(`  ${what}: ${a.anchor.expectedAttempts.value.toFixed(3)}`);
        }
      }
      return lines.join('\n');
    },
    json() {
      return {
        config,
        runs,
        rounds: result.rounds.map((r) => ({
          round: r.round,
          meanAttempts: r.meanAttempts,
          ci95: r.ci95,
          solveRate: r.solveRate,
          skills: r.skills,
          tests: r.tests,
          refutations: r.refutations,
          refutationRate: r.refutationRate,
          ...(control !== undefined ? { exact: control.exact, exactValue: control.value } : {}),
        })),
      };
    },
    csv() {
      return runCsv(config, result.replicates);
    },
  };
}

function describeConfig(c: RunConfig): string {
  const a = c.agent;
  const params = Object.entries(c.envParams)
    .map(([k, v]) => `${k}=${v}`)
    .join(' ');
  const mode =
    a.mode === 'none' ? '' : `mode ${a.mode}${a.priorRounds > 0 ? ` (prior batch ${a.priorRounds} rounds)` : ''} · `;
  const agent =
    `actor ${a.actor} · ${a.library ? mode : ''}` +
    (a.library
      ? `library: threshold ${a.threshold}, min evidence ${a.minEvidence}, top-k ${a.topK}, explore ${a.explore}/${a.exploreUnit}, ` +
        `cadence ${a.cadence}, window ${a.window}, routing ${a.routing}, update ${a.update}, samples ${a.samples}, tests ${a.testUnit}/${a.testAt}`
      : `no library${a.actor === 'published' ? ' (random control)' : ''}`);
  const modules = (c.modules ?? [])
    .map((m) => `\nmodule ${m.kind}: ${m.path} (sha256 ${m.sha256.slice(0, 12)}…)`)
    .join('');
  return `${c.env} ${params} · ${c.rounds} rounds × ${c.tasks} tasks, cap ${c.cap} · seed ${c.seed}, ${c.replicates} replicate${c.replicates > 1 ? 's' : ''}\n${agent}${modules}`;
}
