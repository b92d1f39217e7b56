/**
 * The sweep view: two flags given lists or ranges as `hexa sweep` reads them (`0,0.1,0.2`, `0.6:0.95:0.05`), the
 * other settings as in the run view, every cell run on the workers, and the report's heat map with the best
 * cell and those tied with it marked. The link holds the same flags, so it is the `hexa sweep` command's.
 */
import type { RoundMetrics } from '../../../sim/core/metrics.js';
import { msg, UsageError } from '../../../sim/core/messages.js';
import type { Param } from '../../../sim/core/params/declaration.js';
import { columnOf } from '../../../sim/core/params/read.js';
import type { Run } from '../../../sim/experiment/config.js';
import { VIEW_INTRO } from '../../../reports/explorer/meanings.js';
import { sharedReplicates } from '../../../reports/explorer/runData.js';
import { sweepCharts } from '../../../reports/explorer/sweepCharts.js';
import { parseValues } from '../../sweep/grid.js';
import { cliLine, commandOf, runOf, type Link } from '../link.js';
import { PAGE_FLAGS } from './controls.js';
import { byId, draw, h, Redraws } from './dom.js';
import { chunkJobs, type PagePool } from './pool.js';

/** Flags a grid can vary: one value each in a run, not an axis of their own (seed, replicates). */
const AXIS_FLAGS = PAGE_FLAGS.filter(
  (p) => p.single === undefined && ['integer', 'decimal', 'rate', 'share', 'choice', 'boolean'].includes(p.kind),
);

/** A small grid, so a page computes it in seconds: more cells are `hexa sweep`'s. */
export const MAX_PAGE_CELLS = 144;
const DEFAULT_AXES: readonly (readonly [string, string])[] = [
  ['explore', '0,0.05,0.1,0.2,0.3'],
  ['threshold', '0.7,0.75,0.8,0.85,0.9'],
];
/** The sweep view's replicates per cell unless the link says otherwise. */
const SWEEP_REPLICATES = '100';

/** The flags of a link that hold several values (a list or a range), in the help's order. */
export function listFlags(settings: Readonly<Record<string, string>>): string[] {
  return AXIS_FLAGS.filter((p) => /[,:]/.test(settings[p.flag] ?? '')).map((p) => p.flag);
}

/** A sweep link's settings with each list reduced to its first value: the run view's configuration. */
export function firstValues(settings: Readonly<Record<string, string>>): Record<string, string> {
  const out: Record<string, string> = { ...settings };
  for (const flag of listFlags(settings)) out[flag] = out[flag]!.split(',')[0]!.split(':')[0]!;
  return out;
}

interface Running {
  readonly request: number;
  readonly runs: readonly Run[];
  readonly replicates: Map<number, RoundMetrics[]>[];
  readonly axes: readonly [string, string];
  readonly started: number;
}

export class SweepView {
  private running: Running | null = null;
  // Each drawing bootstraps every cell: less often than a run's.
  private readonly redraws = new Redraws(() => this.drawNow(), 500);

  constructor(
    private link: Link,
    private readonly pool: PagePool,
    private readonly onLink: (link: Link) => void,
  ) {}

  /** The axes: the link's two list flags (mount gives it two), exploration across as in the report. */
  private axes(): [string, string] {
    const [x = DEFAULT_AXES[0]![0], y = DEFAULT_AXES[1]![0]] = listFlags(this.link.settings);
    return y === 'explore' ? [y, x] : [x, y];
  }

  mount(root: HTMLElement, link: Link): void {
    this.link = link;
    root.replaceChildren(
      h('p', { class: 'what' }, h('b', {}, 'What am I looking at? '), VIEW_INTRO.sweep),
      h(
        'div',
        { class: 'layout' },
        h(
          'div',
          { class: 'results' },
          h('p', { id: 'sweep-error', class: 'error', role: 'alert' }),
          h('p', { id: 'sweep-status', class: 'status', role: 'status', 'aria-live': 'polite' }),
          h('div', { id: 'sweep-heatmap', class: 'chart', role: 'img', 'aria-label': 'Heat map of the grid' }),
          h('p', { id: 'sweep-best', class: 'note' }),
          h(
            'section',
            { class: 'actions', 'aria-label': 'Command' },
            h('label', { for: 'sweep-command' }, 'The same grid from the command line'),
            h('textarea', { id: 'sweep-command', readonly: true, rows: '2', spellcheck: 'false' }),
          ),
        ),
        h('div', { class: 'side', id: 'sweep-controls', role: 'region', 'aria-label': 'Grid settings' }),
      ),
    );
    this.link = this.withAxes(link);
    this.renderControls();
    this.update();
  }

  /** The link changed from outside: rebuild and run. */
  reload(link: Link): void {
    this.link = this.withAxes(link);
    this.renderControls();
    this.update();
  }

  /** A link with two list flags: the default pair where it has fewer. */
  private withAxes(link: Link): Link {
    if (listFlags(link.settings).length >= 2) return link;
    const settings = { ...link.settings };
    for (const [flag, values] of DEFAULT_AXES) if (!/[,:]/.test(settings[flag] ?? '')) settings[flag] = values;
    settings.replicates ??= SWEEP_REPLICATES;
    return { ...link, settings };
  }

  private renderControls(): void {
    const axisControl = (which: 0 | 1): HTMLElement => {
      const flag = this.axes()[which];
      const name = which === 0 ? 'x' : 'y';
      const select = h('select', { id: `sweep-${name}`, 'aria-describedby': `sweep-${name}-help` });
      for (const p of AXIS_FLAGS) select.append(h('option', { value: p.flag, selected: p.flag === flag }, p.flag));
      const values = h('input', {
        type: 'text',
        id: `sweep-${name}-values`,
        value: this.link.settings[flag] ?? '',
        spellcheck: 'false',
        'aria-describedby': `sweep-${name}-help`,
      });
      const set = (): void => {
        const settings = { ...this.link.settings };
        delete settings[flag];
        settings[select.value] = values.value.trim();
        this.change({ ...this.link, settings });
      };
      select.addEventListener('change', set);
      values.addEventListener('change', set);
      return h(
        'div',
        { class: 'field' },
        h('label', { for: `sweep-${name}` }, `${name === 'x' ? 'Across' : 'Down'}: the flag`),
        select,
        h('label', { for: `sweep-${name}-values` }, 'its values'),
        values,
        h(
          'small',
          { id: `sweep-${name}-help`, class: 'help' },
          'A list (0,0.1,0.2) or a range start:stop:step (0.6:0.95:0.05), as hexa sweep reads it.',
        ),
      );
    };
    const replicates = h('input', {
      type: 'text',
      id: 'sweep-replicates',
      value: this.link.settings.replicates ?? SWEEP_REPLICATES,
      inputmode: 'numeric',
      'aria-describedby': 'sweep-replicates-help',
    });
    replicates.addEventListener('change', () =>
      this.change({ ...this.link, settings: { ...this.link.settings, replicates: replicates.value.trim() } }),
    );
    byId('sweep-controls').replaceChildren(
      h(
        'div',
        { class: 'group' },
        axisControl(0),
        axisControl(1),
        h(
          'div',
          { class: 'field' },
          h('label', { for: 'sweep-replicates' }, 'Replicates per cell'),
          replicates,
          h('small', { id: 'sweep-replicates-help', class: 'help' }, '--replicates: runs averaged in each cell.'),
        ),
        h(
          'p',
          { class: 'intro' },
          `Every other setting is the run view's. At most ${MAX_PAGE_CELLS} cells here; larger grids are hexa sweep's.`,
        ),
      ),
    );
  }

  private change(link: Link): void {
    this.link = link;
    this.onLink(link);
    this.renderControls();
    this.update();
  }

  private showError(line: string): void {
    this.pool.cancel();
    this.running = null;
    byId('sweep-error').textContent = line;
    byId('sweep-status').textContent = 'Nothing runs until the setting is fixed.';
  }

  private update(): void {
    const settings: Record<string, string> = {
      ...this.link.settings,
      replicates: this.link.settings.replicates ?? SWEEP_REPLICATES,
    };
    byId<HTMLTextAreaElement>('sweep-command').value = commandOf(settings, this.link.params, 'sweep');
    const axes = this.axes();
    let cells: Record<string, string>[];
    let runs: Run[];
    try {
      const [xs, ys] = axes.map((flag) => parseValues(flag, settings[flag] ?? '')) as [string[], string[]];
      if (listFlags(settings).length > 2) throw new UsageError(msg.explorerAxes(listFlags(settings)));
      if (xs.length * ys.length > MAX_PAGE_CELLS)
        throw new UsageError(msg.explorerCells(xs.length * ys.length, MAX_PAGE_CELLS));
      cells = ys.flatMap((y) => xs.map((x) => ({ ...settings, [axes[0]]: x, [axes[1]]: y })));
      runs = cells.map((c) => runOf(c, this.link.params));
    } catch (e) {
      this.showError(cliLine(e));
      return;
    }
    byId('sweep-error').textContent = '';
    const total = runs[0]!.replicates;
    const jobs = chunkJobs(
      cells.map((c) => ({ settings: c, params: this.link.params })),
      total,
      this.pool.size,
    );
    const replicates = runs.map(() => new Map<number, RoundMetrics[]>());
    this.redraws.reset();
    const request = this.pool.submit(jobs, (answer) => {
      const running = this.running;
      if (running === null || running.request !== answer.job.request) return;
      if ('error' in answer) return this.showError(answer.error);
      answer.replicates.forEach((rounds, i) => running.replicates[answer.job.config]!.set(answer.job.from + i, rounds));
      this.redraws.schedule(running.replicates.every((m) => m.size === total));
    });
    this.running = { request, runs, replicates, axes, started: performance.now() };
    document.body.dataset.sweepDone = 'false';
    byId('sweep-status').textContent =
      `Running ${runs.length} cells × ${total} replicates on ${this.pool.size} workers…`;
  }

  /** Redraw at most every quarter second while cells arrive (each drawing bootstraps every cell). */
  private async drawNow(): Promise<void> {
    const running = this.running;
    if (running === null) return;
    const cells = running.runs.map((config, i) => ({
      id: `cell ${i + 1}`,
      config,
      replicates: running.replicates[i]!,
    }));
    // Nothing to draw until the arms (cells) share a replicate: they are compared replicate by replicate.
    if (sharedReplicates(cells).length === 0) return;
    const total = running.runs[0]!.replicates;
    const complete = running.replicates.every((m) => m.size === total);
    const [x, y] = running.axes.map((flag) => columnOf(flagParam(flag))!) as [string, string];
    const charts = sweepCharts(cells, x, y, complete);
    const done = charts.replicates === total;
    const seconds = ((performance.now() - running.started) / 1000).toFixed(2);
    byId('sweep-status').textContent = done
      ? `${running.runs.length} cells × ${total} replicates, ${seconds} s on ${this.pool.size} workers.`
      : `${charts.replicates} of ${total} replicates in every cell so far (${seconds} s)…`;
    if (charts.replicates > 0) await draw(byId('sweep-heatmap'), charts.heatmap);
    const best = charts.rankings[0];
    byId('sweep-best').textContent =
      best === undefined
        ? ''
        : `Fewest attempts: ${best.settings.map((s) => `${s} ${best.best.group.params[s]}`).join(', ')} ` +
          `(${best.best.rounds.at(-1)!.attempts.mean.estimate.toFixed(3)}); ${best.tied.length} other ` +
          `cell${best.tied.length === 1 ? '' : 's'} tied with it.`;
    if (done && this.running === running) document.body.dataset.sweepDone = 'true';
  }

  get current(): Link {
    return this.link;
  }
}

/** An axis flag's declaration (the axes are chosen among them). */
function flagParam(flag: string): Param {
  return AXIS_FLAGS.find((p) => p.flag === flag)!;
}
