/**
 * The page: its views (run, sweep, reproduce) behind tabs, the link in the URL's hash read on load and on every
 * edit of the hash, and the workers shared by the views.
 */
import { cliLine, linkHash, readLink, type Link, type View, VIEWS } from '../link.js';
import { byId, h } from './dom.js';
import { PagePool } from './pool.js';
import { RunView } from './runView.js';
import { firstValues, SweepView } from './sweepView.js';
import { ReproduceView } from './reproduceView.js';

/** The hexa-sim version the page was built from (a meta element of the page). */
function pageVersion(): string {
  return document.querySelector<HTMLMetaElement>('meta[name="hexa-sim-version"]')?.content ?? '0.0.0';
}

/** The link in the hash, or the defaults and the CLI's line for what is wrong with it. */
function linkFromHash(version: string): { link: Link; error: string | null } {
  try {
    return { link: readLink(location.hash, version), error: null };
  } catch (e) {
    return { link: { version, view: 'run', settings: {}, params: {}, armB: null }, error: cliLine(e) };
  }
}

const TITLES: Readonly<Record<View, string>> = { run: 'Run', sweep: 'Sweep', reproduce: 'Reproduce' };

export function startPage(): void {
  const version = pageVersion();
  const source = byId('hexa-app').textContent ?? '';
  const first = linkFromHash(version);
  let link = first.link;
  const error = first.error;
  const workers = link.workers ?? Math.max(1, Math.min(4, navigator.hardwareConcurrency || 2));
  const pool = new PagePool(source, workers);
  const views = byId('views');
  let written = '';
  const write = (next: Link): void => {
    link = next;
    written = `#${linkHash(next)}`;
    history.replaceState(null, '', written);
  };
  const run = new RunView(link, pool, (next) => write({ ...next, view: 'run' }));
  const sweep = new SweepView(link, pool, (next) => write({ ...next, view: 'sweep' }));
  const reproduce = new ReproduceView(link, pool, (next) => write({ ...next, view: 'reproduce' }));
  const tabs = byId('tabs');
  const sections = new Map<View, HTMLElement>();
  for (const view of VIEWS) {
    const section = h('section', { id: `view-${view}`, 'aria-labelledby': `tab-${view}`, role: 'tabpanel' });
    sections.set(view, section);
    views.append(section);
    const tab = h(
      'button',
      { type: 'button', id: `tab-${view}`, role: 'tab', 'aria-controls': `view-${view}` },
      TITLES[view],
    );
    tab.addEventListener('click', () => show(view, current()));
    tabs.append(tab);
  }
  const mounted = new Set<View>();
  /** The link as the view on show has it. */
  const current = (): Link =>
    link.view === 'sweep' ? sweep.current : link.view === 'run' ? run.current : reproduce.current;
  /**
   * Show `view` with `from`'s configuration (the views share it: the run view takes a sweep's first values, the
   * sweep view the run's settings); `problem` is the CLI's line for a link that could not be read.
   */
  function show(view: View, from: Link, problem: string | null = null): void {
    for (const [v, section] of sections) {
      section.hidden = v !== view;
      const tab = byId(`tab-${v}`);
      tab.setAttribute('aria-selected', String(v === view));
      tab.tabIndex = v === view ? 0 : -1;
    }
    const next: Link = { ...from, view, settings: view === 'sweep' ? from.settings : firstValues(from.settings) };
    const section = sections.get(view)!;
    if (view === 'run') {
      if (mounted.has(view)) run.reload(next, problem);
      else run.mount(section, next, problem);
    } else if (view === 'sweep') {
      if (mounted.has(view)) sweep.reload(next);
      else sweep.mount(section, next);
    } else if (mounted.has(view)) reproduce.reload(next);
    else reproduce.mount(section, next);
    mounted.add(view);
    link = view === 'run' ? run.current : view === 'sweep' ? sweep.current : reproduce.current;
    if (problem === null) write(link);
  }
  // Arrow keys move between tabs (the tab pattern of WAI-ARIA).
  tabs.addEventListener('keydown', (e) => {
    const i = VIEWS.indexOf(link.view);
    const next = e.key === 'ArrowRight' ? i + 1 : e.key === 'ArrowLeft' ? i - 1 : null;
    if (next === null) return;
    const view = VIEWS[(next + VIEWS.length) % VIEWS.length]!;
    show(view, current());
    byId(`tab-${view}`).focus();
  });
  // A hash edited by hand (or a link followed within the page) is read again; the page's own writes are not.
  window.addEventListener('hashchange', () => {
    if (location.hash === written) return;
    const read = linkFromHash(version);
    if (read.link.workers !== undefined) pool.resize(read.link.workers);
    show(read.link.view, read.link, read.error);
  });
  const versionNote = byId('version-note');
  if (link.version !== version)
    versionNote.textContent =
      `This link was made with hexa-sim ${link.version}; this page is ${version}. ` +
      'Its numbers can differ where the two versions’ outputs differ (see the CHANGELOG).';
  show(link.view, link, error);
}
