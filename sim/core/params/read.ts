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

/** A tree's entries, listed once: a sweep's plan reads the same trees for every cell. */
const treeEntries = new WeakMap<ParamTree, readonly (readonly [string, ParamTree | Param])[]>();

function entriesOf(tree: ParamTree): readonly (readonly [string, ParamTree | Param])[] {
  let entries = treeEntries.get(tree);
  if (entries === undefined) {
    entries = Object.entries(tree);
    treeEntries.set(tree, entries);
  }
  return entries;
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
): ParamValues<T> {
  const out: Record<string, unknown> = {};
  const late: [string, unknown][] = [];
  for (const [key, node] of entriesOf(tree)) {
    if (!isParam(node)) {
      out[key] = readValues(node, textOf, read);
      continue;
    }
    if (node.toWorld === true || node.kind === 'text') continue;
    const text = textOf(node.flag);
    if (node.kind === 'file') {
      if (text !== undefined) late.push([key, read(node, text)]);
      continue;
    }
    const value = text === undefined ? node.default : read(node, text);
    if (isOptional(node)) {
      if (value !== node.default) late.push([key, value]);
    } else out[key] = value;
  }
  for (const [key, value] of late) out[key] = value;
  return out as ParamValues<T>;
}
