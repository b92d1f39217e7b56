/**
 * The run view: the controls, the link and the command kept in step with them, the replicates run on the page's
 * workers (the latest setting wins), the report's learning curves refined as chunks arrive, the exact anchors,
 * a second arm with the paired difference, and the CSV of `hexa run --csv -` for the same command.
 */
import type { RoundMetrics } from '../../../sim/core/metrics.js';
import type { Run } from '../../../sim/experiment/config.js';
import { runCsv } from '../../../reports/csv/rows.js';
import { armLabel, runCharts } from '../../../reports/explorer/charts.js';
import { type ArmRuns, sharedReplicates } from '../../../reports/explorer/runData.js';
import { VIEW_INTRO } from '../../../reports/explorer/meanings.js';
import { armBSettings, cliLine, commandOf, linkHash, readCommand, runOf, type Link } from '../link.js';
import { buildControls } from './controls.js';
import { byId, copy, download, draw, h, Redraws } from './dom.js';
import { chunkJobs, type PagePool } from './pool.js';

/** What the view is running: each arm's run and its replicates so far. */
interface Running {
  readonly request: number;
  readonly runs: readonly Run[];
  readonly replicates: Map<number, RoundMetrics[]>[];
  /** Each arm in words: the flags that set it apart. */
  readonly labels: readonly string[];
  readonly started: number;
}

const ARM_IDS = ['A', 'B'];

/** The flags of a setting that say what the agent does (the world and protocol are both arms'). */
function onlyAgent(settings: Readonly<Record<string, string>>): Record<string, string> {
  const shared = new Set(['env', 'bits', 'truth', 'rounds', 'tasks', 'cap', 'seed', 'replicates']);
  return Object.fromEntries(Object.entries(settings).filter(([flag]) => !shared.has(flag)));
}

/** Presets for the second arm: the article's arms, as the flags that differ from the first. */
const PRESETS: readonly (readonly [string, string])[] = [
  ['20 % exploration, shared', '--explore 0.2'],
  ['20 % exploration, separated', '--explore 0.2 --routing separate'],
  ['no library (random control)', '--no-library'],
  ['threshold 0.75', '--threshold 0.75'],
  ['Evolver after every task', '--cadence task'],
];

export class RunView {
  private link: Link;
  private running: Running | null = null;
  private readonly redraws = new Redraws(() => this.drawNow());
  /** The first time a complete curve was drawn after load (ms since navigation started), for the bench. */
  firstCurve: number | null = null;

  constructor(
    link: Link,
    private readonly pool: PagePool,
    private readonly onLink: (link: Link) => void,
  ) {
    this.link = link;
  }

  /** Build the view into its section and start the first run (or show what is wrong with the link). */
  mount(root: HTMLElement, link: Link, error: string | null): void {
    this.link = link;
    root.replaceChildren(
      h('p', { class: 'what' }, h('b', {}, 'What am I looking at? '), VIEW_INTRO.run),
      h(
        'div',
        { class: 'layout' },
        h(
          'div',
          { class: 'results' },
          h('p', { id: 'run-error', class: 'error', role: 'alert' }),
          h('p', { id: 'run-status', class: 'status', role: 'status', 'aria-live': 'polite' }),
          h('div', { id: 'run-curve', class: 'chart', role: 'img', 'aria-label': 'Learning curves' }),
          h('div', { id: 'run-anchors' }),
          h('div', { id: 'run-difference', class: 'chart', role: 'img', 'aria-label': 'Paired difference A − B' }),
          h('p', { id: 'run-difference-text', class: 'note' }),
          this.actions(),
        ),
        // After the results in the page's order, so a phone shows the curve first; beside them on a wide screen.
        h('div', { class: 'side', id: 'run-controls', role: 'region', 'aria-label': 'Settings' }),
      ),
    );
    this.renderControls();
    if (error !== null) this.showError(error);
    else this.update();
  }

  private actions(): HTMLElement {
    const command = h('textarea', {
      id: 'run-command',
      readonly: true,
      rows: '2',
      spellcheck: 'false',
      'aria-label': 'The equivalent hexa command line',
    });
    const copyButton = h('button', { type: 'button', id: 'copy-command' }, 'Copy command');
    copyButton.addEventListener('click', async () => {
      const copied = await copy(command.value, command);
      byId('copy-note').textContent = copied ? 'Copied.' : 'Selected: press Ctrl+C (⌘C) to copy.';
    });
    const csv = h('button', { type: 'button', id: 'download-csv', disabled: true }, 'Download CSV (A)');
    csv.addEventListener('click', () => this.downloadCsv(0));
    const csvB = h(
      'button',
      { type: 'button', id: 'download-csv-b', disabled: true, hidden: true },
      'Download CSV (B)',
    );
    csvB.addEventListener('click', () => this.downloadCsv(1));
    const paste = h('input', {
      type: 'text',
      id: 'paste-command',
      placeholder: 'hexa run --explore 0.2 …',
      'aria-describedby': 'paste-help',
      spellcheck: 'false',
    });
    paste.addEventListener('change', () => this.pasteCommand(paste.value));
    return h(
      'section',
      { class: 'actions', 'aria-label': 'Command and data' },
      h(
        'label',
        { for: 'run-command' },
        'The same run from the command line (its CSV is the download’s, byte for byte)',
      ),
      command,
      h('div', { class: 'buttons' }, copyButton, csv, csvB, h('span', { id: 'copy-note', 'aria-live': 'polite' })),
      h('label', { for: 'paste-command' }, 'Or paste a hexa run command to load it'),
      paste,
      h('small', { id: 'paste-help', class: 'help' }, 'Flags as hexa run takes them; module files need the CLI.'),
    );
  }

  private renderControls(): void {
    const side = byId('run-controls');
    const controls = buildControls(this.link.settings, this.link.params, {
      flag: (flag, text) => {
        const settings = { ...this.link.settings };
        if (text === undefined) delete settings[flag];
        else settings[flag] = text;
        // Another world has other parameters.
        const params = flag === 'env' ? {} : this.link.params;
        this.change({ ...this.link, settings, params });
        if (flag === 'env') this.renderControls();
      },
      param: (name, text) => {
        const params = { ...this.link.params };
        if (text === undefined) delete params[name];
        else params[name] = text;
        this.change({ ...this.link, params });
      },
    });
    side.replaceChildren(controls, this.armControls());
  }

  /** The second arm: off, or the flags in which it differs from the first (typed, or a preset). */
  private armControls(): HTMLElement {
    const text = this.link.armB === null ? '' : commandOf(this.link.armB, {}).replace(/^hexa run ?/, '');
    const box = h('input', {
      type: 'text',
      id: 'arm-b',
      value: text,
      placeholder: '--explore 0.2 --routing separate',
      'aria-describedby': 'arm-b-help',
      spellcheck: 'false',
    });
    const apply = (flags: string): void => {
      box.value = flags;
      if (flags.trim() === '') return this.change({ ...this.link, armB: null });
      try {
        const { settings } = readCommand(`hexa run ${flags}`);
        this.change({ ...this.link, armB: settings });
      } catch (e) {
        this.showError(cliLine(e));
      }
    };
    box.addEventListener('change', () => apply(box.value));
    const presets = PRESETS.map(([name, flags]) => {
      const b = h('button', { type: 'button', class: 'preset' }, name);
      b.addEventListener('click', () => apply(flags));
      return b;
    });
    const off = h('button', { type: 'button', class: 'preset' }, 'no second arm');
    off.addEventListener('click', () => apply(''));
    return h(
      'details',
      { class: 'group arm-b', open: this.link.armB !== null },
      h('summary', {}, 'Compare: a second arm (B)'),
      h(
        'p',
        { class: 'intro' },
        'B runs the same replicates with the same random numbers as A, except for the flags given here, so their ' +
          'difference is measured replicate by replicate.',
      ),
      h('label', { for: 'arm-b' }, 'B’s flags that differ from A'),
      box,
      h('small', { id: 'arm-b-help', class: 'help' }, 'As on the command line; empty: no second arm.'),
      h('div', { class: 'buttons' }, ...presets, off),
    );
  }

  private pasteCommand(line: string): void {
    try {
      const { settings, params } = readCommand(line);
      this.change({ ...this.link, settings, params });
      this.renderControls();
    } catch (e) {
      this.showError(cliLine(e));
    }
  }

  /** A new link from a control: kept, shown, and run. */
  private change(link: Link): void {
    this.link = link;
    this.onLink(link);
    this.update();
  }

  /** The link changed from outside (the hash was edited): rebuild the controls and run. */
  reload(link: Link, error: string | null): void {
    this.link = link;
    this.renderControls();
    if (error !== null) this.showError(error);
    else this.update();
  }

  private showError(line: string): void {
    this.pool.cancel();
    this.running = null;
    byId('run-error').textContent = line;
    byId('run-status').textContent = 'Nothing runs until the setting is fixed.';
    for (const id of ['download-csv', 'download-csv-b']) byId<HTMLButtonElement>(id).disabled = true;
  }

  /** Check the settings as hexa run does, show the command, and run the arms. */
  private update(): void {
    const b = armBSettings(this.link);
    const lines = [commandOf(this.link.settings, this.link.params)];
    if (b !== null) lines.push(commandOf(b, this.link.params));
    byId<HTMLTextAreaElement>('run-command').value = lines.join('\n');
    let runs: Run[];
    try {
      runs = [runOf(this.link.settings, this.link.params)];
      if (b !== null) runs.push(runOf(b, this.link.params));
    } catch (e) {
      this.showError(cliLine(e));
      return;
    }
    byId('run-error').textContent = '';
    const csvB = byId<HTMLButtonElement>('download-csv-b');
    csvB.hidden = runs.length < 2;
    for (const id of ['download-csv', 'download-csv-b']) byId<HTMLButtonElement>(id).disabled = true;
    const configs = [this.link.settings, ...(b === null ? [] : [b])].map((settings) => ({
      settings,
      params: this.link.params,
    }));
    const total = runs[0]!.replicates;
    const jobs = chunkJobs(configs, total, this.pool.size);
    const replicates = runs.map(() => new Map<number, RoundMetrics[]>());
    const started = performance.now();
    this.redraws.reset();
    const request = this.pool.submit(jobs, (answer) => {
      const running = this.running;
      if (running === null || running.request !== answer.job.request) return;
      if ('error' in answer) return this.showError(answer.error);
      answer.replicates.forEach((rounds, i) => running.replicates[answer.job.config]!.set(answer.job.from + i, rounds));
      this.redraws.schedule(running.replicates.every((m) => m.size === total));
    });
    const words = (settings: Readonly<Record<string, string>>): string[] =>
      commandOf(onlyAgent(settings), {}).split(' ').slice(2);
    const labels = [armLabel('A', words(this.link.settings)), armLabel('B', words(this.link.armB ?? {}))];
    this.running = { request, runs, replicates, labels, started };
    document.body.dataset.done = 'false';
    byId('run-status').textContent = `Running ${total} replicates on ${this.pool.size} workers…`;
  }

  /** Redraw once per animation frame at most: chunks arriving together make one drawing. */
  private async drawNow(): Promise<void> {
    const running = this.running;
    if (running === null) return;
    const arms: ArmRuns[] = running.runs.map((config, i) => ({
      id: ARM_IDS[i]!,
      config,
      replicates: running.replicates[i]!,
    }));
    const labels = running.labels;
    // Nothing to draw until the arms (cells) share a replicate: they are compared replicate by replicate.
    if (sharedReplicates(arms).length === 0) return;
    const charts = runCharts(arms, labels);
    const total = running.runs[0]!.replicates;
    const done = charts.replicates === total;
    const seconds = ((performance.now() - running.started) / 1000).toFixed(2);
    byId('run-status').textContent = done
      ? `${total} of ${total} replicates, ${seconds} s on ${this.pool.size} workers.`
      : `${charts.replicates} of ${total} replicates so far (${seconds} s)…`;
    if (charts.replicates > 0) {
      await draw(byId('run-curve'), charts.learning);
      // The first curve of the page (some replicates drawn), for the bench, as ms since navigation started.
      document.body.dataset.firstDrawn ??= String(Math.round(performance.now()));
    }
    this.showAnchors(charts.anchors);
    const diffEl = byId('run-difference');
    diffEl.hidden = charts.difference === null;
    if (charts.difference !== null && charts.replicates > 1) await draw(diffEl, charts.difference);
    const last = charts.summary.paired.at(-1);
    byId('run-difference-text').textContent =
      last === undefined
        ? ''
        : `Round ${last.round}: A − B = ${last.difference.estimate.toFixed(3)} attempts` +
          (last.difference.ci95 === null
            ? ''
            : `, 95 % interval ${last.difference.ci95[0].toFixed(3)} to ${last.difference.ci95[1].toFixed(3)}` +
              (last.difference.ci95[0] > 0 || last.difference.ci95[1] < 0 ? ' (excludes 0).' : ' (includes 0).'));
    if (done && this.running === running) {
      for (const id of ['download-csv', 'download-csv-b']) byId<HTMLButtonElement>(id).disabled = false;
      this.firstCurve ??= performance.now();
      document.body.dataset.done = 'true';
      document.body.dataset.firstCurve = String(Math.round(this.firstCurve));
    }
  }

  private showAnchors(anchors: readonly { what: string; value: { value: number; exact: string | null } }[]): void {
    const el = byId('run-anchors');
    if (anchors.length === 0) return el.replaceChildren();
    el.replaceChildren(
      h(
        'table',
        { class: 'anchors' },
        h('caption', {}, 'Exact expected attempts per task (computed, not simulated)'),
        h(
          'thead',
          {},
          h('tr', {}, h('th', { scope: 'col' }, 'guessing'), h('th', { scope: 'col' }, 'attempts (exact fraction)')),
        ),
        h(
          'tbody',
          {},
          ...anchors.map((a) =>
            h(
              'tr',
              {},
              h('td', {}, a.what),
              h(
                'td',
                {},
                a.value.value.toFixed(3),
                a.value.exact === null ? null : h('span', { class: 'fraction' }, a.value.exact),
              ),
            ),
          ),
        ),
      ),
    );
  }

  /** The CSV of `hexa run --csv -` for arm `i`'s command: every replicate, in order. */
  private downloadCsv(i: number): void {
    const running = this.running;
    const run = running?.runs[i];
    if (running === null || run === undefined) return;
    const reps = running.replicates[i]!;
    const rows = Array.from({ length: run.replicates }, (_, r) => reps.get(r)!);
    download(`hexa-run-${ARM_IDS[i]}.csv`, runCsv(run, rows));
  }

  /** The current link (for the hash). */
  get current(): Link {
    return this.link;
  }

  /** The hash of the current link. */
  hash(): string {
    return linkHash(this.link);
  }
}
