/** Turns an experiment's result into the table, the JSON document and the tidy CSV of `hexa run`. */
import { poolAnchors, type PoolAnchor } from '../sim/limits/anchors.js';
import { openerAnchor } from '../sim/limits/openerAnchor.js';
import { formatMeanSd, learning, runMetrics } from '../sim/experiment/runMetrics.js';
import type { Run, RunConfig } from '../sim/experiment/config.js';
import { envSpecOf, type ExperimentResult } from '../sim/experiment/experiment.js';
import { callsPlugins, runExperiments } from '../sim/experiment/watched.js';
import { summarizeRounds, type ExperimentOptions } from '../sim/experiment/experiment.js';
import { runReplicate } from '../sim/experiment/replicate.js';
import type { RoundMetrics } from '../sim/core/metrics.js';
import { ReplicateKey } from '../sim/core/rng.js';
import { runCsv } from '../reports/csv/rows.js';
import { describePolicies } from './describePolicies.js';
import { makeParentFolders } from './output.js';
import type { PublishedDb } from '../reports/folders/folders.js';
import { fmt, fmtInterval, fmtPercent, renderTable } from '../reports/tables/table.js';

export interface RunReport {
  readonly result: ExperimentResult;
  /** The skill database written, when one was asked for. */
  readonly libraryDb?: PublishedDb;
  readonly anchors: PoolAnchor[];
  text(): string;
  json(): unknown;
  csv(): string;
}

/**
 * Run `config`; with `libraryDb`, every skill's life goes to that database file (made when the run ends).
 * `onReplicate(done, total)` after each replicate.
 */
export async function executeRun(
  config: Run,
  libraryDb?: string,
  onReplicate?: (done: number, total: number) => void,
): Promise<RunReport> {
  const spec = envSpecOf(config);
  const probe = spec.create(config.envParams, new ReplicateKey(config.seed, 0).stream('world'));
  // Uniform-guessing anchors describe the feedback-blind Actor; in-task reasoning has its own exact value.
  const blind = config.agent.actor === 'published';
  const anchors = spec.exactRandomControl && blind ? poolAnchors(config, probe.space.positions, probe.space.arity) : [];
  const opener =
    !blind && !config.agent.library && spec.feedback === 'matches' && probe.space.arity === 2
      ? openerAnchor(config.agent.actor, probe.space.positions, config.cap)
      : null;
  const recorded = libraryDb === undefined ? null : await recordedRun(config, libraryDb, onReplicate);
  // A run calling plugin code runs on a watched worker thread (its progress comes at the end).
  const result =
    recorded?.result ??
    (callsPlugins(config) ? (await runExperiments([config]))[0]! : await runHearing(config, { onReplicate }));
  const runs = runMetrics(result.replicates);
  const control = config.agent.library
    ? undefined
    : blind
      ? anchors[0]?.anchor.expectedAttempts
      : (opener ?? undefined);

  return {
    result,
    ...(recorded !== null ? { libraryDb: recorded.db } : {}),
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
      const learningLines = describeLearning(config, result, anchors[0]?.anchor.expectedAttempts.value);
      if (learningLines.length > 0) lines.push('', ...learningLines);
      lines.push(
        '',
        `Per run, over all its evaluation tasks (HExA metrics, mean ± sd over ${runs.runs} ` +
          `run${runs.runs > 1 ? 's' : ''}): ` +
          `success rate ${formatMeanSd(runs.successRate, 1, 100, ' %')}, mean attempts ` +
          `${formatMeanSd(runs.meanAttempts, 3)}`,
      );
      if (opener !== null)
        lines.push(
          '',
          `Exact expected attempts, ${config.agent.actor} opener (any truth): ${opener.exact} = ` +
            `${opener.value.toFixed(3)}`,
        );
      if (anchors.length > 0) {
        lines.push('', `Exact expected attempts, uniform guessing (cap ${config.cap}):`);
        for (const a of anchors) {
          const what = a.fixed === 0 ? anchorWords(a) : `${anchorWords(a)}, explore ${config.agent.explore}`;
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

/** How long the run's thread keeps the event loop waiting, at most, between replicates. */
const TURN_MS = 50;

/**
 * runExperiment (the same replicates, in order, the same result), handing the event loop a turn between
 * replicates every TURN_MS: a signal's handler runs only then, so SIGINT and SIGTERM stop a long run cleanly
 * (scripts/program/interrupt.ts) instead of after its last replicate.
 */
async function runHearing(config: Run, options: ExperimentOptions): Promise<ExperimentResult> {
  const spec = envSpecOf(config);
  const replicates: RoundMetrics[][] = [];
  let turn = Date.now();
  for (let r = 0; r < config.replicates; r++) {
    replicates.push(runReplicate(config, spec, r, options));
    options.onReplicate?.(r + 1, config.replicates);
    if (Date.now() - turn >= TURN_MS) {
      await new Promise((resolve) => setImmediate(resolve));
      turn = Date.now();
    }
  }
  return { config, replicates, rounds: summarizeRounds(replicates) };
}

/** The run, each replicate's skill history written to a database at `path` as it ends. */
async function recordedRun(
  config: Run,
  path: string,
  onReplicate?: (done: number, total: number) => void,
): Promise<{ result: ExperimentResult; db: PublishedDb }> {
  const { SkillDbWriter } = await import('../reports/skillDb/writer.js');
  makeParentFolders(path);
  const writer = new SkillDbWriter(path, { command: 'run', seed: config.seed, config });
  try {
    const cell = writer.addCell(config);
    const result = await runHearing(config, {
      onHistory: (history, rounds) => writer.push(cell, { history, rounds }),
      onReplicate,
    });
    return { result, db: { path, sha256: writer.finish() } };
  } catch (e) {
    writer.abandon();
    throw e;
  }
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
      ? `library: threshold ${a.threshold}, min evidence ${a.minEvidence}, top-k ${a.topK}, explore ` +
        `${a.explore}/${a.exploreUnit}, ` +
        `cadence ${a.cadence}, window ${a.window}, routing ${a.routing}, update ${a.update}, samples ${a.samples}, ` +
        `tests ${a.testUnit}/${a.testAt}`
      : `no library${a.actor === 'published' ? ' (random control)' : ''}`);
  const modules = (c.modules ?? [])
    .map((m) => `\nmodule ${m.kind}: ${m.path} (sha256 ${m.sha256.slice(0, 12)}…)`)
    .join('');
  return (
    `${c.env} ${params} · ${c.rounds} rounds × ${c.tasks} tasks, cap ${c.cap} · seed ${c.seed}, ${c.replicates} ` +
    `replicate${c.replicates > 1 ? 's' : ''}\n${agent}${modules}`
  );
}

const MORE =
  'Runs differ a lot: without --replicates, hexa run shows 200, the mean per round with a 95 % interval and the ' +
  'share that learn.';

/**
 * What the runs say about learning: of one run, whether and when its library held a skill (a run that
 * never learns guesses at random throughout, which looks like an agent that does not work); of many, the
 * share that learned and how their last round compares with the others'.
 */
function describeLearning(config: Run, result: ExperimentResult, random: number | undefined): string[] {
  const baseline = random === undefined ? '' : ` (uniform guessing: ${random.toFixed(3)})`;
  if (!config.agent.library) return config.replicates === 1 ? [`One run (seed ${config.seed}). ${MORE}`] : [];
  const rounds = result.replicates[0]!;
  if (config.replicates === 1) {
    const first = rounds.find((r) => r.tasksWithSkills > 0);
    return [
      first === undefined
        ? `One run (seed ${config.seed}): its library never held a skill, so every task was guessed at ` +
          `random${baseline}.`
        : `One run (seed ${config.seed}): tasks start with skills from round ${first.round} on.`,
      MORE,
    ];
  }
  const l = learning(result.replicates);
  const last = rounds.length;
  const others = l.runs - l.learned;
  const share = `${l.learned} of ${l.runs} runs (${fmtPercent(l.learned / l.runs, 1)})`;
  if (others === 0) return [`Learning: all ${l.runs} runs started tasks with skills by round ${last}.`];
  if (l.learned === 0)
    return [`Learning: none of the ${l.runs} runs ever held a skill: every task was guessed at random${baseline}.`];
  return [
    `Learning: ${share} started tasks with skills by round ${last}; in round ${last} they average ` +
      `${fmt(l.finalLearned, 2)} attempts, the ${others} that never did ${fmt(l.finalOthers, 2)}${baseline}.`,
  ];
}

/** An anchor's pool in words: "no constraint (random control)", "2 positions fixed, pool 4". */
export function anchorWords(a: PoolAnchor): string {
  return a.fixed === 0
    ? 'no constraint (random control)'
    : `${a.fixed} position${a.fixed > 1 ? 's' : ''} fixed, pool ${a.pool}`;
}
