/**
 * Canonical JSON: object keys sorted at every level, undefined values left out, so equal values have one text
 * (a cell's id hashes it: ../cellId.ts).
 */
/** An object's keys in sorted order, quoted as JSON, for one list of keys as `Object.keys` gives it. */
interface KeyOrder {
  readonly keys: readonly string[];
  readonly sorted: readonly string[];
  readonly quoted: readonly string[];
}

/**
 * The key orders met last: a grid's cells are objects of a few shapes, so sorting each object's keys anew
 * would cost a plan most of its time; a shape is recognised by its list of keys, compared one by one.
 */
const orders: KeyOrder[] = [];
const MAX_ORDERS = 16;

function keyOrder(keys: readonly string[]): KeyOrder {
  for (const order of orders) {
    const known = order.keys;
    if (known.length !== keys.length) continue;
    let same = true;
    for (let i = 0; i < keys.length && same; i++) same = known[i] === keys[i];
    if (same) return order;
  }
  const sorted = [...keys].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const order = { keys: [...keys], sorted, quoted: sorted.map((k) => JSON.stringify(k)) };
  if (orders.length === MAX_ORDERS) orders.pop();
  orders.unshift(order);
  return order;
}

/**
 * The canonical text of objects that cannot change: frozen, with nothing inside but primitives and such
 * objects (a sweep's cells share the parts of their configuration no flag touches: sim/core/params/read.ts).
 */
const lasting = new WeakMap<object, string>();
/** Frozen objects found to hold something that can change, so they are not looked at again. */
const changeable = new WeakSet<object>();

function cannotChange(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return true;
  if (lasting.has(value)) return true;
  if (!Object.isFrozen(value) || changeable.has(value)) return false;
  const inside = Object.values(value).every(cannotChange);
  if (!inside) changeable.add(value);
  return inside;
}

/** Canonical JSON: object keys sorted at every level (undefined values left out), so equal values hash alike. */
export function canonical(value: unknown): string {
  // Numbers and booleans are most of a configuration's values: JSON writes a finite number as `String` does.
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'null';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value !== null && typeof value === 'object' && Object.isFrozen(value)) {
    const known = lasting.get(value);
    if (known !== undefined) return known;
    const text = written(value);
    if (cannotChange(value)) lasting.set(value, text);
    return text;
  }
  return written(value);
}

function written(value: unknown): string {
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i++) out += (i === 0 ? '' : ',') + canonical(value[i]);
    return `${out}]`;
  }
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const { sorted, quoted } = keyOrder(Object.keys(record));
    let out = '{';
    let first = true;
    for (let i = 0; i < sorted.length; i++) {
      const v = record[sorted[i]!];
      if (v === undefined) continue;
      out += `${first ? '' : ','}${quoted[i]!}:${canonical(v)}`;
      first = false;
    }
    return `${out}}`;
  }
  return JSON.stringify(value);
}
