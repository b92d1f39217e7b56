/**
 * The reproduce view: the article's published figures, each beside the single simulated runs of its arm under
 * the hidden choices chosen here (the six arms of hexa reproduce, run on the page's workers), and one-click
 * presets for the readings the audit keeps in its 90 % sets — read from a summary shipped with the page
 * (reports/explorer/auditPresets.ts), never recomputed here.
 */
import type { RoundMetrics } from '../../../sim/core/metrics.js';
import type { ArmId } from '../../../sim/reproduction/arms.js';
import { HIDDEN_CHOICES } from '../../../sim/reproduction/arms.js';
import { VIEW_INTRO } from '../../../reports/explorer/meanings.js';
import { ARM_FLAGS, type FigureRow, reproduceFigures } from '../../../reports/explorer/reproduceFigures.js';
import { AUDIT_PRESETS as presets } from '../../../reports/explorer/auditPresets.js';
import { cliLine, commandOf, runOf, type Link } from '../link.js';
import { control, PAGE_FLAGS } from './controls.js';
import { byId, draw, h, Redraws } from './dom.js';
import { chunkJobs, type PagePool } from './pool.js';

/** The flags this view reads: the audited hidden choices, the seed, the single runs per arm. */
const FLAGS = [...HIDDEN_CHOICES.map((c) => c.flag), 'seed', 'replicates'];
const ARMS = Object.keys(ARM_FLAGS) as ArmId[];
/** Single runs per arm unless the link says otherwise (hexa reproduce's table takes 1000). */
const REPRODUCE_REPLICATES = '200';

/** Only this view's flags of a link's settings. */
function own(settings: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(settings).filter(([flag]) => FLAGS.includes(flag)));
}

interface Running {
  readonly request: number;
  readonly replicates: Map<number, RoundMetrics[]>[];
  readonly total: number;
  readonly started: number;
}

export class ReproduceView {
  private running: Running | null = null;
  private readonly redraws = new Redraws(() => this.drawNow());

  constructor(
    private link: Link,
    private readonly pool: PagePool,
    private readonly onLink: (link: Link) => void,
  ) {}

  get current(): Link {
    return this.link;
  }

  mount(root: HTMLElement, link: Link): void {
    this.link = link;
    root.replaceChildren(
      h('p', { class: 'what' }, h('b', {}, 'What am I looking at? '), VIEW_INTRO.reproduce),
      h(
        'div',
        { class: 'layout' },
        h(
          'div',
          { class: 'results' },
          h('p', { id: 'reproduce-error', class: 'error', role: 'alert' }),
          h('p', { id: 'reproduce-status', class: 'status', role: 'status', 'aria-live': 'polite' }),
          h('div', { id: 'reproduce-table', class: 'table' }),
          h('div', { id: 'reproduce-chart', class: 'chart', role: 'img', 'aria-label': 'Single runs per figure' }),
          h(
            'section',
            { class: 'actions', 'aria-label': 'Command' },
            h('label', { for: 'reproduce-command' }, 'The same table from the command line'),
            h('textarea', { id: 'reproduce-command', readonly: true, rows: '2', spellcheck: 'false' }),
          ),
        ),
        h('div', { class: 'side', id: 'reproduce-controls', role: 'region', 'aria-label': 'Hidden choices' }),
      ),
    );
    this.renderControls();
    this.update();
  }

  reload(link: Link): void {
    this.link = link;
    this.renderControls();
    this.update();
  }

  private set(flag: string, text: string | undefined): void {
    const settings = { ...this.link.settings };
    if (text === undefined) delete settings[flag];
    else settings[flag] = text;
    this.change({ ...this.link, settings });
  }

  private change(link: Link): void {
    this.link = link;
    this.onLink(link);
    this.renderControls();
    this.update();
  }

  private renderControls(): void {
    const settings: Record<string, string> = { replicates: REPRODUCE_REPLICATES, ...this.link.settings };
    const events = { flag: (flag: string, text: string | undefined) => this.set(flag, text), param: () => {} };
    const fields = PAGE_FLAGS.filter((p) => FLAGS.includes(p.flag)).map((p) =>
      control(p, settings[p.flag], events, p.flag === 'replicates' ? REPRODUCE_REPLICATES : undefined),
    );
    const preset = (name: string, flags: Readonly<Record<string, string>>, note: string): HTMLElement => {
      const b = h('button', { type: 'button', class: 'preset', title: note }, name);
      b.addEventListener('click', () => {
        const next = { ...this.link.settings };
        for (const c of HIDDEN_CHOICES) delete next[c.flag];
        this.change({ ...this.link, settings: { ...next, ...flags } });
      });
      return b;
    };
    const credible = presets.credible.map((r, i) =>
      preset(
        `credible #${i + 1}`,
        r.flags,
        `posterior ${r.posterior === null ? '—' : r.posterior.toFixed(3)}: ${commandOf(r.flags, {}, '')}`,
      ),
    );
    const confidence = presets.confidence.map((flags, i) =>
      preset(`confidence #${i + 1}`, flags, commandOf(flags, {}, '').trim()),
    );
    byId('reproduce-controls').replaceChildren(
      h(
        'details',
        { class: 'group presets', open: true },
        h('summary', {}, 'Readings the audit keeps'),
        h(
          'p',
          { class: 'intro' },
          `hexa reproduce --audit (hexa-sim ${presets.version}, seed ${presets.seed}, ${presets.replicates} runs ` +
            'per arm and reading) keeps these readings of the hidden choices in its 90 % credible set (by ' +
            'posterior) and its 90 % confidence set. Each button sets them; hover for the flags.',
        ),
        h('div', { class: 'buttons' }, ...credible),
        h('div', { class: 'buttons' }, ...confidence),
      ),
      h('details', { class: 'group hidden', open: true }, h('summary', {}, 'Hidden choices, seed and runs'), ...fields),
    );
  }

  private showError(line: string): void {
    this.pool.cancel();
    this.running = null;
    byId('reproduce-error').textContent = line;
    byId('reproduce-status').textContent = 'Nothing runs until the setting is fixed.';
  }

  private update(): void {
    const base = { replicates: REPRODUCE_REPLICATES, ...own(this.link.settings) };
    byId<HTMLTextAreaElement>('reproduce-command').value = commandOf(base, {}, 'reproduce');
    const configs = ARMS.map((arm) => ({ settings: { ...base, ...ARM_FLAGS[arm] }, params: {} }));
    let total: number;
    try {
      total = Math.min(...configs.map((c) => runOf(c.settings, c.params).replicates));
    } catch (e) {
      this.showError(cliLine(e));
      return;
    }
    byId('reproduce-error').textContent = '';
    const replicates = ARMS.map(() => new Map<number, RoundMetrics[]>());
    this.redraws.reset();
    const request = this.pool.submit(chunkJobs(configs, total, this.pool.size), (answer) => {
      const running = this.running;
      if (running === null || running.request !== answer.job.request) return;
      if ('error' in answer) return this.showError(answer.error);
      answer.replicates.forEach((rounds, i) => running.replicates[answer.job.config]!.set(answer.job.from + i, rounds));
      this.redraws.schedule(running.replicates.every((m) => m.size === total));
    });
    this.running = { request, replicates, total, started: performance.now() };
    document.body.dataset.reproduceDone = 'false';
    byId('reproduce-status').textContent = `Running 6 arms × ${total} single runs on ${this.pool.size} workers…`;
  }

  private async drawNow(): Promise<void> {
    const running = this.running;
    if (running === null) return;
    const runs = new Map<ArmId, RoundMetrics[][]>(
      ARMS.map((arm, i) => {
        const got = running.replicates[i]!;
        return [arm, [...got.keys()].sort((a, b) => a - b).map((r) => got.get(r)!)];
      }),
    );
    const done = ARMS.every((_, i) => running.replicates[i]!.size === running.total);
    const { rows, chart } = reproduceFigures(runs);
    byId('reproduce-table').replaceChildren(figureTable(rows));
    const seconds = ((performance.now() - running.started) / 1000).toFixed(2);
    const inside = rows.filter((r) => r.inside === true).length;
    byId('reproduce-status').textContent = done
      ? `${inside} of ${rows.length} published figures inside the central 95 % of single runs ` +
        `(${running.total} per arm, ${seconds} s).`
      : `Running… (${seconds} s)`;
    if (chart !== null) await draw(byId('reproduce-chart'), chart);
    if (done && this.running === running) document.body.dataset.reproduceDone = 'true';
  }
}

/**
 * The table: each figure, the published value, the runs' mean with their central 95 % under it, the published
 * value's percentile with inside or outside under it (four columns, so it reads on a phone).
 */
function figureTable(rows: readonly FigureRow[]): HTMLElement {
  const fmt = (x: number, digits: number): string => (Number.isFinite(x) ? x.toFixed(digits) : '—');
  const head = ['figure', 'published', 'single runs: mean (central 95 %)', 'percentile'];
  return h(
    'table',
    { class: 'figures' },
    h('caption', {}, 'The article’s figures beside single simulated runs'),
    h('thead', {}, h('tr', {}, ...head.map((t) => h('th', { scope: 'col' }, t)))),
    h(
      'tbody',
      {},
      ...rows.map((r) =>
        h(
          'tr',
          { class: r.inside === false ? 'off' : '' },
          h('td', {}, r.what),
          h('td', {}, `${r.atLeast ? '≥ ' : ''}${r.published}`),
          h(
            'td',
            {},
            fmt(r.mean, r.digits),
            h(
              'span',
              { class: 'ci' },
              r.range === null ? '—' : `${fmt(r.range[0], r.digits)} – ${fmt(r.range[1], r.digits)}`,
            ),
          ),
          h(
            'td',
            {},
            r.percentile === null ? '—' : r.percentile.toFixed(1),
            h('span', { class: 'ci' }, r.inside === null ? '' : r.inside ? 'inside' : 'outside'),
          ),
        ),
      ),
    ),
  );
}
