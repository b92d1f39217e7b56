/**
 * The canonical texts of many configurations that differ from the first in a few places — a sweep's cells,
 * which differ in what is swept — without writing each whole. The first configuration's text is cut into a
 * template at the places others differ from it (its "slots"); a configuration then costs a comparison with
 * the first, which stops at once on the parts the cells share (sim/core/params/read.ts builds the untouched
 * parts of a configuration once, so they are the same objects), and the texts of its slot values.
 *
 * The text is exactly `canonical` of the configuration: canonical JSON is context-free (a value's text does
 * not depend on where it sits), so a configuration equal to the first outside the slots has the first's text
 * with its own slot values' texts in their places. Whatever the template cannot say for sure — a slot whose
 * value is undefined (canonical leaves its key out), too many slots — is written whole.
 */
import { canonical } from './json.js';

type Path = readonly (string | number)[];

/** Most places a template has; configurations that differ in more are written whole. */
const MAX_SLOTS = 16;

/** The keys of the first configuration's objects, listed once (its objects are compared with every cell's). */
const keysOf = new WeakMap<object, readonly string[]>();

function firstKeys(first: object): readonly string[] {
  let keys = keysOf.get(first);
  if (keys === undefined) {
    keys = Object.keys(first);
    keysOf.set(first, keys);
  }
  return keys;
}

/** Record a difference at `at`; false once there are more than a template takes. */
function differs(at: readonly (string | number)[], out: Path[]): boolean {
  out.push([...at]);
  return out.length <= MAX_SLOTS;
}

/** Where `value` differs from `first` (appended to `out`); false once more than MAX_SLOTS are found. */
function differences(first: unknown, value: unknown, at: (string | number)[], out: Path[]): boolean {
  if (first === value) return true;
  if (typeof first !== 'object' || first === null || typeof value !== 'object' || value === null)
    return differs(at, out);
  if (Array.isArray(first) !== Array.isArray(value)) return differs(at, out);
  if (Array.isArray(first)) {
    const list = value as readonly unknown[];
    if (first.length !== list.length) return differs(at, out);
    for (let i = 0; i < first.length; i++) {
      at.push(i);
      const ok = differences(first[i], list[i], at, out);
      at.pop();
      if (!ok) return false;
    }
    return true;
  }
  const a = first as Record<string, unknown>;
  const b = value as Record<string, unknown>;
  // The same keys in the same order (objects built alike), or the object as a whole is a difference.
  const keys = firstKeys(a);
  const own = Object.keys(b);
  if (keys.length !== own.length) return differs(at, out);
  for (let i = 0; i < keys.length; i++) if (keys[i] !== own[i]) return differs(at, out);
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i]!;
    const x = a[k];
    const y = b[k];
    if (x === y) continue;
    at.push(k);
    const ok = differences(x, y, at, out);
    at.pop();
    if (!ok) return false;
  }
  return true;
}

function valueAt(value: unknown, path: Path): unknown {
  let v = value;
  for (const step of path) v = (v as Record<string | number, unknown>)[step];
  return v;
}

/** A copy of `value` with the value at `path` replaced (the objects on the path copied, nothing else). */
function replaced(value: unknown, path: Path, by: unknown, depth = 0): unknown {
  if (depth === path.length) return by;
  const step = path[depth]!;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  copy[step] = replaced(copy[step], path, by, depth + 1);
  return copy;
}

const key = (path: Path): string => path.map(String).join('\u0001');

interface Template {
  /** Slot paths in the order their values appear in the text. */
  readonly slots: readonly Path[];
  /** The text around them: pieces[i] before slot i, the last piece after the last slot. */
  readonly pieces: readonly string[];
  readonly known: ReadonlySet<string>;
}

/** Cut `first`'s canonical text at `slots`; null when a slot cannot be found once in it. */
function templateOf(first: unknown, slots: readonly Path[]): Template | null {
  let marked = first;
  const marks = slots.map((_, i) => `\u0000slot ${i}\u0000`);
  slots.forEach((path, i) => {
    marked = replaced(marked, path, marks[i]);
  });
  const text: string | undefined = canonical(marked);
  if (typeof text !== 'string') return null;
  const found = marks.map((mark, i) => {
    const quoted = JSON.stringify(mark);
    const at = text.indexOf(quoted);
    return { slot: slots[i]!, at, end: at + quoted.length, once: at >= 0 && text.lastIndexOf(quoted) === at };
  });
  if (found.some((f) => !f.once)) return null;
  found.sort((a, b) => a.at - b.at);
  const pieces: string[] = [];
  let from = 0;
  for (const f of found) {
    pieces.push(text.slice(from, f.at));
    from = f.end;
  }
  pieces.push(text.slice(from));
  return { slots: found.map((f) => f.slot), pieces, known: new Set(slots.map(key)) };
}

export class CanonicalTexts {
  private first: unknown;
  private started = false;
  private template: Template | null = null;
  /** Slots were more than a template takes, or could not be cut: every text is written whole from now on. */
  private whole = false;

  /** `canonical(value)`, from the template where it can. */
  text(value: unknown): string {
    if (!this.started) {
      this.started = true;
      this.first = value;
      this.template = templateOf(value, []);
      if (this.template === null) this.whole = true;
      return canonical(value);
    }
    if (this.whole) return canonical(value);
    const found: Path[] = [];
    if (!differences(this.first, value, [], found)) return this.giveUp(value);
    let template = this.template!;
    if (found.some((path) => !template.known.has(key(path)))) {
      const slots = [...template.slots];
      for (const path of found)
        if (!template.known.has(key(path)) && !slots.some((s) => key(s) === key(path))) slots.push(path);
      if (slots.length > MAX_SLOTS) return this.giveUp(value);
      const made = templateOf(this.first, slots);
      if (made === null) return this.giveUp(value);
      template = this.template = made;
    }
    const { slots, pieces } = template;
    let out = pieces[0]!;
    for (let i = 0; i < slots.length; i++) {
      const v = valueAt(value, slots[i]!);
      if (v === undefined) return canonical(value);
      out += canonical(v) + pieces[i + 1]!;
    }
    return out;
  }

  private giveUp(value: unknown): string {
    this.whole = true;
    return canonical(value);
  }
}
