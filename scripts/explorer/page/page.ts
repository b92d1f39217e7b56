/**
 * The page: its views (run, sweep, reproduce) behind tabs, the link in the URL's hash read on load and on every
 * edit of the hash, and the workers shared by the views.
 */
import { cliLine, linkHash, readLink, type Link, type View, VIEWS } from '../link.js';
import { byId, h } from './dom.js';
import { PagePool } from './pool.js';
import { RunView } from './runView.js';

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
  let { link, error } = linkFromHash(version);
  const workers = link.workers ?? Math.max(1, Math.min(4, navigator.hardwareConcurrency || 2));
  const pool = new PagePool(source, workers);
  const views = byId('views');
  let written = '';
  const write = (next: Link): void => {
    link = next;
    written = `#${linkHash(next)}`;
    history.replaceState(null, '', written);
  };
  const run = new RunView(link, pool, (next) => write({ ...next, view: link.view }));
  const tabs = byId('tabs');
  const sections = new Map<View, HTMLElement>();
  for (const view of VIEWS) {
    const section = h('section', { id: `view-${view}`, 'aria-labelledby': `tab-${view}`, role: 'tabpanel' });
    sections.set(view, section);
    views.append(section);
    const tab = h('button', { type: 'button', id: `tab-${view}`, role: 'tab' }, TITLES[view]);
    tab.addEventListener('click', () => show(view));
    tabs.append(tab);
  }
  const mounted = new Set<View>();
  function show(view: View): void {
    for (const [v, section] of sections) {
      section.hidden = v !== view;
      const tab = byId(`tab-${v}`);
      tab.setAttribute('aria-selected', String(v === view));
      tab.tabIndex = v === view ? 0 : -1;
    }
    if (!mounted.has(view)) {
      mounted.add(view);
      if (view === 'run') run.mount(sections.get('run')!, error);
      else sections.get(view)!.replaceChildren(h('p', { class: 'what' }, 'This view comes in a later version.'));
    }
    if (link.view !== view) write({ ...run.current, view });
  }
  // Arrow keys move between tabs (the tab pattern of WAI-ARIA).
  tabs.addEventListener('keydown', (e) => {
    const i = VIEWS.indexOf(link.view);
    const next = e.key === 'ArrowRight' ? i + 1 : e.key === 'ArrowLeft' ? i - 1 : null;
    if (next === null) return;
    const view = VIEWS[(next + VIEWS.length) % VIEWS.length]!;
    show(view);
    byId(`tab-${view}`).focus();
  });
  // A hash edited by hand (or a link followed within the page) is read again; the page's own writes are not.
  window.addEventListener('hashchange', () => {
    if (location.hash === written) return;
    const read = linkFromHash(version);
    link = read.link;
    error = read.error;
    if (link.workers !== undefined) pool.resize(link.workers);
    if (mounted.has('run')) run.reload(link, error);
    show(link.view);
  });
  const versionNote = byId('version-note');
  if (link.version !== version)
    versionNote.textContent =
      `This link was made with hexa-sim ${link.version}; this page is ${version}. ` +
      'Its numbers can differ where the two versions’ outputs differ (see the CHANGELOG).';
  show(link.view);
  if (error === null) write({ ...run.current, view: link.view });
}
