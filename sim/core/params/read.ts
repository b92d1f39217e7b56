/**
 * Reading declarations: a tree's declarations with their place in the configuration, its defaults, and one
 * value's text checked against its declaration. Every error is a UsageError naming the flag and the value.
 */
import { msg, UsageError } from '../messages.js';
import type { Param, ParamTree, ParamValues } from './declaration.js';
import { parseNumber } from './number.js';

/** A declaration and the path of its field in the configuration (`['lifecycle', 'paper', 'cap']`). */
export interface Placed {
  readonly param: Param;
  readonly path: readonly string[];
}

export function isParam(node: Param | ParamTree): node is Param {
  return typeof node.kind === 'string';
}

/** A declaration absent from the configuration while it holds its default (or, without one, until given). */
export function isOptional(p: Param): boolean {
  return (p.kind === 'policy' || p.kind === 'file') && p.optional === true;
}

/** Every declaration of a tree, in the tree's order (its configuration's key order). */
export function placedParams(tree: ParamTree, prefix: readonly string[] = []): Placed[] {
  return Object.entries(tree).flatMap(([key, node]) =>
    isParam(node) ? [{ param: node, path: [...prefix, key] }] : placedParams(node, [...prefix, key]),
  );
}

/** The tidy CSV's column of a declaration, or null when it has none. */
export function columnOf(p: Param): string | null {
  if (p.column !== undefined) return p.column;
  if (p.toWorld === true) return null;
  return p.flag.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
}

/** The default as a flag's text (what `--help` shows), or undefined when the default is decided at run time. */
export function defaultText(p: Param): string | undefined {
  switch (p.kind) {
    case 'text':
    case 'file':
      return undefined;
    case 'integer':
      return p.default === null ? undefined : String(p.default);
    case 'numbers':
      return p.default.join('/');
    default:
      return String(p.default);
  }
}

/**
 * The configuration a tree's defaults give (fields of declarations that go to the world, and optional ones, left out).
 */
export function defaultsOf<T extends ParamTree>(tree: T): ParamValues<T> {
  const out: Record<string, unknown> = {};
  for (const [key, node] of Object.entries(tree)) {
    if (!isParam(node)) out[key] = defaultsOf(node);
    else if (node.kind !== 'text' && node.kind !== 'file' && node.toWorld !== true && !isOptional(node))
      out[key] = node.default;
  }
  return out as ParamValues<T>;
}

/** A whole number in [min, max] (numbers in the one grammar, sim/core/params/number.ts). */
export function parseInteger(flag: string, text: string, min: number, max = Number.MAX_SAFE_INTEGER): number {
  const n = parseNumber(text);
  if (n === undefined || !Number.isSafeInteger(n)) throw new UsageError(msg.notInteger(flag, text));
  if (n < min) throw new UsageError(msg.below(flag, text, min));
  if (n > max) throw new UsageError(msg.above(flag, text, max));
  return n;
}

/** A finite number at least `min` (above it with `exclusiveMin`) and at most `max`. */
export function parseDecimal(
  flag: string,
  text: string,
  min = -Infinity,
  exclusiveMin = false,
  max = Infinity,
): number {
  const n = parseNumber(text);
  if (n === undefined) throw new UsageError(msg.notNumber(flag, text));
  if (exclusiveMin ? !(n > min) : n < min) throw new UsageError(msg.notAbove(flag, text, min, exclusiveMin));
  if (n > max) throw new UsageError(msg.above(flag, text, max));
  return n;
}

export function parseChoice<T extends string>(flag: string, text: string, choices: readonly T[]): T {
  const found = choices.find((c) => c === text);
  if (found === undefined) throw new UsageError(msg.notOneOf(flag, text, choices));
  return found;
}

function numbers(p: Extract<Param, { kind: 'numbers' }>, text: string): number[] {
  const items = text.split('/');
  if (items.some((i) => i.trim() === ''))
    throw new UsageError(msg.malformedList(p.flag, text, `expected numbers joined by '/', e.g. ${defaultText(p)}`));
  return items.map((item) =>
    p.element === 'integer'
      ? parseInteger(p.flag, item, p.min ?? -Number.MAX_SAFE_INTEGER)
      : parseDecimal(p.flag, item, p.min),
  );
}

/**
 * The value `text` gives a declaration. A policy's text is read as a built-in name here: a module file is
 * the caller's to look up (and a world's id too, which only the module store knows).
 */
export function parseParam(p: Param, text: string): number | string | boolean | readonly number[] {
  switch (p.kind) {
    case 'integer':
      return parseInteger(p.flag, text, p.min, p.max);
    case 'decimal':
      return parseDecimal(p.flag, text, p.min, p.exclusiveMin === true, p.max);
    case 'rate': {
      const n = parseDecimal(p.flag, text);
      if (!(n >= 0 && n <= 1)) throw new UsageError(msg.notRate(p.flag, text));
      return n;
    }
    case 'share': {
      const n = parseDecimal(p.flag, text);
      if (!(n > 0 && n <= 1)) throw new UsageError(msg.notThreshold(p.flag, text));
      return n;
    }
    case 'choice':
    case 'policy':
      return parseChoice(p.flag, text, p.values);
    case 'boolean':
      return parseChoice(p.flag, text, ['true', 'false']) === 'true';
    case 'numbers':
      return numbers(p, text);
    case 'world':
    case 'text':
    case 'file':
      return text;
  }
}

/** One field of a tree's configuration, in the tree's order: a subtree, or a declaration and where its value goes. */
type Field =
  | { readonly key: string; readonly tree: ParamTree }
  | { readonly key: string; readonly param: Extract<Param, { kind: 'file' }>; readonly place: 'file' }
  | {
      readonly key: string;
      readonly param: Exclude<Param, { kind: 'file' | 'text' }>;
      readonly place: 'always' | 'optional';
    };

/**
 * How `readValues` fills a tree, worked out once (a sweep's plan reads the same trees for every cell): its
 * fields in order and its flags at every level.
 */
interface TreeReading {
  readonly fields: readonly Field[];
  readonly flags: readonly string[];
  readonly flagSet: ReadonlySet<string>;
}

const readings = new WeakMap<ParamTree, TreeReading>();

function readingOf(tree: ParamTree): TreeReading {
  let reading = readings.get(tree);
  if (reading === undefined) {
    const fields: Field[] = [];
    for (const [key, node] of Object.entries(tree)) {
      if (!isParam(node)) {
        fields.push({ key, tree: node });
      } else if (node.toWorld !== true && node.kind !== 'text') {
        if (node.kind === 'file') fields.push({ key, param: node, place: 'file' });
        else fields.push({ key, param: node, place: isOptional(node) ? 'optional' : 'always' });
      }
    }
    const flags = placedParams(tree).map(({ param }) => param.flag);
    reading = { fields, flags, flagSet: new Set(flags) };
    readings.set(tree, reading);
  }
  return reading;
}

/**
 * Whether no flag of `tree` has a text. With the list of flags that have one (`given`, a few), it is looked up in
 * the tree's flags, not every flag of the tree asked for its text.
 */
function noneGiven(
  tree: ParamTree,
  textOf: (flag: string) => string | undefined,
  given: readonly string[] | undefined,
): boolean {
  const reading = readingOf(tree);
  if (given !== undefined) {
    for (const flag of given) if (reading.flagSet.has(flag)) return false;
    return true;
  }
  for (const flag of reading.flags) if (textOf(flag) !== undefined) return false;
  return true;
}

/**
 * What a subtree holds when none of its flags is given: its defaults, built once and frozen (arrays too), so
 * the cells of a sweep share one object instead of rebuilding it per cell — and, being frozen, its canonical
 * text is computed once (sim/experiment/canonical/json.ts).
 */
const untouched = new WeakMap<ParamTree, unknown>();

function untouchedValues(tree: ParamTree): unknown {
  let values = untouched.get(tree);
  if (values === undefined) {
    const built: Record<string, unknown> = readValues(tree, () => undefined);
    for (const [key, value] of Object.entries(built))
      if (Array.isArray(value)) built[key] = Object.freeze([...(value as unknown[])]);
    values = Object.freeze(built);
    untouched.set(tree, values);
  }
  return values;
}

/** How `readValues` turns one declaration's text into its value (`parseParam`, or a lookup of module files). */
export type ReadParam = (p: Param, text: string) => unknown;

/**
 * The configuration a tree of declarations fills from flag texts (`textOf` gives undefined for a flag not
 * given: its default is taken as is). Keys come in the tree's order; an optional declaration is left out
 * while it holds its default, and otherwise comes after the other keys, so configurations without it keep
 * their shape. Declarations that go to the world are skipped.
 */
export function readValues<T extends ParamTree>(
  tree: T,
  textOf: (flag: string) => string | undefined,
  read: ReadParam = parseParam,
  given?: readonly string[],
): ParamValues<T> {
  const out: Record<string, unknown> = {};
  let late: [string, unknown][] | undefined;
  for (const field of readingOf(tree).fields) {
    if ('tree' in field) {
      const sub = field.tree;
      out[field.key] = noneGiven(sub, textOf, given) ? untouchedValues(sub) : readValues(sub, textOf, read, given);
      continue;
    }
    const text = textOf(field.param.flag);
    if (field.place === 'file') {
      if (text !== undefined) (late ??= []).push([field.key, read(field.param, text)]);
      continue;
    }
    const value = text === undefined ? field.param.default : read(field.param, text);
    if (field.place === 'always') out[field.key] = value;
    else if (value !== field.param.default) (late ??= []).push([field.key, value]);
  }
  if (late !== undefined) for (const [key, value] of late) out[key] = value;
  return out as ParamValues<T>;
}
