/**
 * What a run's and a sweep's page open with: the answer in numbers before any chart. A run: its
 * final-round mean attempts with the 95 % interval and n, the random baseline, and the exact anchors `hexa
 * run` prints. A sweep: per world, the best cell with its interval and n, how many cells are tied with it,
 * the random baseline and the worst cell. Numbers follow the CLI's rule (reports/tables/table.ts).
 */
import { describeParameters, describeRun } from '../charts/theme.js';
import { finalMean, type WorldRanking } from '../ranking.js';
import type { RunAnchor } from '../references.js';
import type { ResultFolder } from '../resultFolder.js';
import type { GroupSummary } from '../summary.js';
import { fmt, fmtPercent } from '../tables/table.js';
import { escapeHtml } from './htmlParts.js';
import type { Estimate } from '../../sim/core/bootstrap.js';
import { at } from '../../sim/core/at.js';

/** "7.790 (95 % CI 7.420–8.150, n = 200)" — the mean with its interval and sample size. */
export function meanWithInterval(e: Estimate, n: number): string {
  const interval = e.ci95 === null ? 'no interval' : `95 % CI ${fmt(e.ci95[0], 3)}–${fmt(e.ci95[1], 3)}`;
  return `${fmt(e.estimate, 3)} (${interval}, n = ${n})`;
}

const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

/** Label → HTML value pairs, as a definition list that reads at a glance. */
type Facts = readonly (readonly [string, string])[];

function factList(facts: Facts): string {
  // "32.6 %" never breaks before its sign.
  const keep = (html: string): string => html.replace(/ %/g, '&nbsp;%');
  const items = facts.map(([k, v]) => `<dt>${keep(escapeHtml(k))}</dt><dd>${keep(v)}</dd>`).join('');
  return `<dl class="lead">${items}</dl>`;
}

function header(kicker: string, title: string, body: string, note = ''): string {
  return `<header class="headline" id="headline">
<p class="kicker">${escapeHtml(kicker)}</p>
<h1>${escapeHtml(title)}</h1>
${body}${note === '' ? '' : `\n<p class="kicker">${escapeHtml(note)}</p>`}
</header>`;
}

export function runLead(run: GroupSummary, anchors: readonly RunAnchor[]): string {
  const p = run.group.params;
  const n = run.group.replicates.length;
  const last = run.rounds.at(-1)!;
  const mean = last.attempts.mean;
  const world = [p.env, ...['bits', 'truth'].filter((k) => p[k] !== undefined).map((k) => `${k} ${p[k]}`)]
    .filter((x) => x !== undefined)
    .join(', ');
  const kicker = `hexa-sim · one configuration: ${world} · ${describeRun(p)} · ${plural(n, 'replicate')}`;
  const rounds = `round ${last.round} of ${run.rounds.length}${p.tasks !== undefined ? `, ${p.tasks} tasks each` : ''}`;
  const facts: [string, string][] = [
    [
      '95 % CI',
      mean.ci95 === null
        ? `none from one run (run more: <code>--replicates N</code>); ${escapeHtml(rounds)}`
        : `<strong>${fmt(mean.ci95[0], 3)}–${fmt(mean.ci95[1], 3)}</strong> over n = ${n} runs (${escapeHtml(rounds)})`,
    ],
  ];
  const baseline = anchors.find((a) => a.baseline);
  if (baseline !== undefined) {
    const cut = 1 - mean.estimate / baseline.value.value;
    facts.push([
      'Random baseline',
      `${fmt(baseline.value.value, 3)} (exact, uniform guessing): ${fmtPercent(Math.abs(cut), 1)} ` +
        `${cut >= 0 ? 'fewer' : 'more'} attempts`,
    ]);
  } else if (anchors.length === 0) facts.push(['Random baseline', 'no exact value for this world']);
  const others = anchors.filter((a) => !a.baseline);
  if (others.length > 0)
    facts.push([
      `Exact anchors${p.cap === undefined ? '' : ` (cap ${p.cap})`}`,
      escapeHtml(others.map((a) => `${a.what}: ${fmt(a.value.value, 3)}`).join(' · ')),
    ]);
  facts.push([
    'Final round',
    escapeHtml(
      `solve rate ${fmtPercent(last.solveRate.estimate, 1)}, ${fmt(last.skills.estimate, 2)} skills; ` +
        `refutation rate over the run ${fmtPercent(run.refutationRate.estimate)}`,
    ),
  ]);
  return header(kicker, `Final round: ${fmt(mean.estimate, 3)} attempts per task`, factList(facts));
}

export function sweepLead(data: ResultFolder, rankings: readonly WorldRanking[], cells: number): string {
  const replicates = [...new Set(data.groups.map((g) => g.replicates.length))].join(' / ');
  const kicker =
    `hexa-sim · sweep of ${plural(cells, 'cell')} over ${data.swept.join(', ') || 'nothing'} · ` +
    `${replicates} replicates each`;
  const several = rankings.length > 1;
  const title = several
    ? 'Fewest final-round attempts, world by world'
    : `Best cell: ${fmt(finalMean(at(rankings, 0, 'cell rankings').best).estimate, 3)} attempts per task`;
  const blocks = rankings.map((r) => {
    const describe = (g: GroupSummary): string =>
      escapeHtml(describeParameters(g.group.params, r.settings) || g.group.id);
    const figure = (g: GroupSummary, strong: boolean): string => {
      const text = escapeHtml(meanWithInterval(finalMean(g), g.group.replicates.length));
      return `${strong ? `<strong>${text}</strong>` : text} at ${describe(g)}`;
    };
    const facts: [string, string][] = [['Best', figure(r.best, true)]];
    facts.push([
      'Tied with it',
      r.tied.length === 0
        ? 'no other cell'
        : `${plural(r.tied.length, 'cell')}${r.tied.length <= 3 ? `: ${r.tied.map(describe).join('; ')}` : ''}`,
    ]);
    facts.push([
      'Random baseline',
      r.baseline === null ? 'no exact value for this world' : `${fmt(r.baseline.value, 3)} (exact)`,
    ]);
    if (r.worst !== r.best) facts.push(['Worst', figure(r.worst, false)]);
    return `${several ? `<p class="world"><strong>${escapeHtml(r.world)}</strong></p>\n` : ''}${factList(facts)}`;
  });
  // The rules that tied a cell here (reports/ranking.ts): an interval rule only where there were intervals.
  const others = rankings.flatMap((r) => r.standings.filter((s) => s.cell !== r.best));
  const exact = others.some((s) => s.exact);
  const paired = others.some((s) => s.paired && s.difference?.ci95 != null);
  const overlap = others.some((s) => !s.paired && finalMean(s.cell).ci95 !== null);
  const rules = [
    ...(exact
      ? ["its final-round mean is the best's exactly (the best is the first of them in the settings' order)"]
      : []),
    ...(paired ? ['the paired 95 % interval of its difference from the best includes 0'] : []),
    ...(overlap ? ["(cells without shared random numbers) its 95 % interval overlaps the best's"] : []),
  ];
  const note =
    rules.length === 0 ? '' : `Tied: ${rules.join('; ')}. Final-round mean attempts per task; fewer is better.`;
  return header(kicker, title, blocks.join('\n'), note);
}
