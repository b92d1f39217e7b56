/**
 * The run view's controls, generated from the parameter declarations the CLI reads (RUN_FLAGS: label, help,
 * kind, range, default, section) and the worlds' registry (each world's own parameters): nothing about a flag is
 * written here. A control holds the flag's text exactly as typed, so the CLI's reading checks it; the article's
 * hidden choices are a group of their own, each value explained.
 */
import { allEnvs, findEnv } from '../../../sim/agent/moduleStore.js';
import { SECTIONS, type Param, type Section } from '../../../sim/core/params/declaration.js';
import { defaultText } from '../../../sim/core/params/read.js';
import { RUN_FLAGS } from '../../config/runOptions.js';
import { HIDDEN_MEANINGS, SECTION_INTRO } from '../../../reports/explorer/meanings.js';
import { h } from './dom.js';

/** Sections open at first; the others are folded (their flags rarely change). */
const OPEN: readonly Section[] = ['world', 'protocol', 'agent', 'hidden'];

/** What the controls tell the page: a flag's text changed (undefined: back to its default). */
export interface ControlEvents {
  flag(flag: string, text: string | undefined): void;
  param(name: string, text: string | undefined): void;
}

/** The step of a number control's arrow keys. */
function stepOf(p: Param): number {
  if (p.kind === 'integer') return 1;
  if (p.kind === 'rate' || p.kind === 'share') return 0.01;
  return 0.1;
}

/** A number moved by one step, rounded to the step's digits and kept in the declared range. */
function stepped(p: Param, text: string, direction: number): string | undefined {
  const x = Number(text === '' ? (defaultText(p) ?? '0') : text);
  if (!Number.isFinite(x)) return undefined;
  const step = stepOf(p);
  let next = Math.round((x + direction * step) / step) * step;
  const min = p.kind === 'rate' ? 0 : p.kind === 'share' ? step : 'min' in p ? p.min : undefined;
  const max = p.kind === 'rate' || p.kind === 'share' ? 1 : 'max' in p ? p.max : undefined;
  if (min !== undefined && next < min) next = min;
  if (max !== undefined && next > max) next = max;
  return String(Number(next.toFixed(6)));
}

/** The flags the page offers (a saved library is a file: the CLI's). */
export const PAGE_FLAGS: readonly Param[] = RUN_FLAGS.filter((p) => p.kind !== 'file');

/** A number's declared range in words ('1 … 1000000', '≥ 0', '> 0'), or '' where it has none of its own. */
function rangeText(p: Param): string {
  if (p.kind === 'rate') return '0 … 1';
  if (p.kind === 'share') return '> 0, ≤ 1';
  if (p.kind !== 'integer' && p.kind !== 'decimal') return '';
  const low = p.min === undefined ? '' : `${p.kind === 'decimal' && p.exclusiveMin === true ? '>' : '≥'} ${p.min}`;
  if (p.max === undefined) return low;
  return p.min === undefined ? `≤ ${p.max}` : `${p.min} … ${p.max}`;
}

function helpText(p: Param, def: string | undefined): string {
  const notes = [def === undefined ? '' : `default ${def}`, rangeText(p)].filter((n) => n !== '');
  return `--${p.flag}: ${p.help}${notes.length === 0 ? '' : ` (${notes.join('; ')})`}`;
}

/** One flag's control: a list for choices, a box for a yes/no, a slider for a rate, a text box otherwise. */
export function control(p: Param, text: string | undefined, events: ControlEvents, shownDefault?: string): HTMLElement {
  const id = `f-${p.flag}`;
  const helpId = `${id}-help`;
  const label = h('label', { for: id }, p.label ?? p.flag.replace(/-/g, ' '));
  const def = shownDefault ?? (p.flag === 'replicates' ? '200' : defaultText(p));
  const help = h('small', { id: helpId, class: 'help' }, helpText(p, def));
  const set = (value: string): void => events.flag(p.flag, value === def || value === '' ? undefined : value);
  let input: HTMLElement;
  if (p.kind === 'choice' || p.kind === 'policy' || p.kind === 'world') {
    const values = p.kind === 'world' ? allEnvs().map((s) => s.id) : [...p.values];
    const select = h('select', { id, name: p.flag, 'aria-describedby': helpId });
    for (const v of values) select.append(h('option', { value: v, selected: v === (text ?? def) }, v));
    select.addEventListener('change', () => set(select.value));
    input = select;
  } else if (p.kind === 'boolean') {
    const box = h('input', { type: 'checkbox', id, name: p.flag, 'aria-describedby': helpId });
    box.checked = (text ?? def) !== 'false';
    box.addEventListener('change', () => set(String(box.checked)));
    input = box;
  } else if (p.kind === 'rate' || p.kind === 'share') {
    const value = text ?? def ?? '0';
    const range = h('input', {
      type: 'range',
      id,
      name: p.flag,
      min: p.kind === 'share' ? '0.01' : '0',
      max: '1',
      step: '0.01',
      value,
      'aria-describedby': helpId,
    });
    const box = h('input', {
      type: 'text',
      class: 'value',
      inputmode: 'decimal',
      value,
      'aria-label': `${p.label ?? p.flag} (exact value)`,
    });
    range.addEventListener('input', () => {
      box.value = range.value;
      set(range.value);
    });
    box.addEventListener('change', () => {
      range.value = box.value;
      set(box.value.trim());
    });
    input = h('span', { class: 'pair' }, range, box);
  } else {
    const box = h('input', {
      type: 'text',
      id,
      name: p.flag,
      value: text ?? '',
      placeholder: def ?? 'auto',
      inputmode: p.kind === 'integer' ? 'numeric' : p.kind === 'decimal' ? 'decimal' : undefined,
      'aria-describedby': helpId,
      spellcheck: 'false',
    });
    box.addEventListener('change', () => set(box.value.trim()));
    if (p.kind === 'integer' || p.kind === 'decimal')
      box.addEventListener('keydown', (e) => {
        if (e.key !== 'ArrowUp' && e.key !== 'ArrowDown') return;
        const next = stepped(p, box.value.trim(), e.key === 'ArrowUp' ? 1 : -1);
        if (next === undefined) return;
        e.preventDefault();
        box.value = next;
        set(next);
      });
    input = box;
  }
  const meanings = HIDDEN_MEANINGS[p.flag];
  const list =
    meanings === undefined
      ? null
      : h(
          'ul',
          { class: 'meanings' },
          ...Object.entries(meanings).map(([v, m]) => h('li', {}, h('b', {}, v), `: ${m}`)),
        );
  return h('div', { class: `field ${p.kind}` }, label, input, help, list);
}

/** The world's parameters that have no flag of their own (`--param name=value`), from the registry. */
function worldParams(env: string, params: Readonly<Record<string, string>>, events: ControlEvents): HTMLElement {
  const spec = findEnv(env);
  const flagged = new Set(RUN_FLAGS.filter((p) => p.toWorld === true).map((p) => p.flag));
  const own = (spec?.params ?? []).filter((p) => !flagged.has(p.name));
  const box = h('div', { class: 'world-params', id: 'world-params' });
  if (spec !== undefined) box.append(h('p', { class: 'note' }, `${spec.id}: ${spec.summary}`));
  for (const p of own) {
    const id = `p-${p.name}`;
    const input = h('input', {
      type: 'text',
      id,
      value: params[p.name] ?? '',
      placeholder: p.default === undefined ? 'derived' : String(p.default),
      'aria-describedby': `${id}-help`,
      spellcheck: 'false',
    });
    input.addEventListener('change', () => events.param(p.name, input.value.trim() === '' ? undefined : input.value));
    box.append(
      h(
        'div',
        { class: 'field' },
        h('label', { for: id }, p.name),
        input,
        h('small', { id: `${id}-help`, class: 'help' }, `--param ${p.name}=…: ${p.describe}`),
      ),
    );
  }
  return box;
}

/** Every group of controls, in the help's order, with the settings' current text. */
export function buildControls(
  settings: Readonly<Record<string, string>>,
  params: Readonly<Record<string, string>>,
  events: ControlEvents,
): HTMLElement {
  const form = h('form', { id: 'controls', 'aria-label': 'Run settings' });
  form.addEventListener('submit', (e) => e.preventDefault());
  for (const section of Object.keys(SECTIONS) as Section[]) {
    const flags = PAGE_FLAGS.filter((p) => p.section === section);
    if (flags.length === 0) continue;
    const title = SECTIONS[section].replace(/:$/, '');
    const group = h(
      'details',
      { class: `group ${section}`, open: OPEN.includes(section) || flags.some((p) => settings[p.flag] !== undefined) },
      h('summary', {}, title),
      h('p', { class: 'intro' }, SECTION_INTRO[section]),
      ...flags.map((p) => control(p, settings[p.flag], events)),
    );
    if (section === 'world') group.append(worldParams(settings.env ?? 'lock-v1', params, events));
    form.append(group);
  }
  return form;
}
