/**
 * The language's built-ins that hexa's results and output rely on, fingerprinted: a plugin that patches
 * `Number.prototype.toFixed`, `Math.round`, `Array.prototype.join` or `JSON.stringify` (or adds a property to
 * `Object.prototype`, which every `for … in` would then see) changes what hexa prints without any check of its
 * results failing. Plugins share the realm of the thread they run on, so their changes are looked for
 * instead: a fingerprint — every own property of the objects below, with the identity of its value or
 * accessors — is taken before plugin code runs and compared after (a few hundred property reads, once a load,
 * a piece of work or a check). What changed is named and put back. A guard against accidents, not a security
 * boundary: a module that means to can still reach what hexa uses (docs/reliability.md).
 */

/** The objects watched, by the name a message gives them. */
function watched(): [string, object][] {
  const typed = Object.getPrototypeOf(Int32Array.prototype) as object;
  const list: [string, object | undefined][] = [
    ['Object', Object],
    ['Object.prototype', Object.prototype],
    ['Function.prototype', Function.prototype],
    ['Array', Array],
    ['Array.prototype', Array.prototype],
    ['Number', Number],
    ['Number.prototype', Number.prototype],
    ['String', String],
    ['String.prototype', String.prototype],
    ['Boolean.prototype', Boolean.prototype],
    ['Symbol.prototype', Symbol.prototype],
    ['BigInt.prototype', BigInt.prototype],
    ['Math', Math],
    ['JSON', JSON],
    ['Date.prototype', Date.prototype],
    ['RegExp.prototype', RegExp.prototype],
    ['Map.prototype', Map.prototype],
    ['Set.prototype', Set.prototype],
    ['Promise.prototype', Promise.prototype],
    ['TypedArray.prototype', typed],
    ['Int32Array.prototype', Int32Array.prototype],
    ['Uint8Array.prototype', Uint8Array.prototype],
    ['Float64Array.prototype', Float64Array.prototype],
    ['Intl.NumberFormat.prototype', Intl.NumberFormat.prototype],
    ['Intl.DateTimeFormat.prototype', Intl.DateTimeFormat.prototype],
  ];
  return list.filter((e): e is [string, object] => e[1] !== undefined);
}

/** The global names whose bindings are watched (a plugin that replaces `globalThis.Math` replaces them all). */
const GLOBALS = [
  'Object',
  'Array',
  'Number',
  'String',
  'Boolean',
  'Symbol',
  'BigInt',
  'Math',
  'JSON',
  'Date',
  'RegExp',
  'Map',
  'Set',
  'Promise',
  'Int32Array',
  'Uint8Array',
  'Float64Array',
  'Intl',
  'parseInt',
  'parseFloat',
  'isNaN',
  'isFinite',
  'encodeURIComponent',
] as const;

interface Held {
  readonly name: string;
  readonly owner: object;
  readonly keys: readonly PropertyKey[];
  /** Each key's descriptor as it was: the value of a data property is compared by reading it. */
  readonly was: readonly PropertyDescriptor[];
}

/** The built-ins as they were when it was taken. */
export interface Fingerprint {
  readonly held: readonly Held[];
  readonly globals: ReadonlyMap<string, PropertyDescriptor | undefined>;
}

/** Take the built-ins' fingerprint now. */
export function fingerprint(): Fingerprint {
  const held = watched().map(([name, owner]) => {
    const keys = Reflect.ownKeys(owner);
    return { name, owner, keys, was: keys.map((k) => Reflect.getOwnPropertyDescriptor(owner, k)!) };
  });
  const globals = new Map(GLOBALS.map((g) => [g, Reflect.getOwnPropertyDescriptor(globalThis, g)] as const));
  return { held, globals };
}

const same = (a: PropertyDescriptor | undefined, b: PropertyDescriptor | undefined): boolean =>
  a === b || (a !== undefined && b !== undefined && Object.is(a.value, b.value) && a.get === b.get && a.set === b.set);

/**
 * Whether every property of `h` is as it was: a data property read (no descriptor made), an accessor compared.
 * A property deleted and another added keep the count but read differently (undefined, or an inherited value).
 */
function unchanged(h: Held): boolean {
  const { owner, keys, was } = h;
  if (Reflect.ownKeys(owner).length !== keys.length) return false;
  for (let i = 0; i < keys.length; i++) {
    const d = was[i]!;
    if (d.get !== undefined || d.set !== undefined) {
      if (!same(d, Reflect.getOwnPropertyDescriptor(owner, keys[i]!))) return false;
    } else if (!Object.is((owner as Record<PropertyKey, unknown>)[keys[i]!], d.value)) return false;
  }
  return true;
}

const keyName = (owner: string, key: PropertyKey): string =>
  typeof key === 'symbol' ? `${owner}[${key.description ?? 'symbol'}]` : `${owner}.${String(key)}`;

/**
 * What differs from the fingerprint (`Number.prototype.toFixed`, `globalThis.Math`), put back as it was; empty
 * when nothing changed.
 */
export function changedBuiltins(print: Fingerprint): string[] {
  const changed: string[] = [];
  for (const [name, was] of print.globals) {
    if (same(was, Reflect.getOwnPropertyDescriptor(globalThis, name))) continue;
    changed.push(`globalThis.${name}`);
    if (was === undefined) Reflect.deleteProperty(globalThis, name);
    else Reflect.defineProperty(globalThis, name, was);
  }
  for (const h of print.held) {
    if (unchanged(h)) continue;
    const { name, owner, keys, was } = h;
    for (const key of Reflect.ownKeys(owner))
      if (!keys.includes(key)) {
        changed.push(keyName(name, key));
        Reflect.deleteProperty(owner, key);
      }
    keys.forEach((key, i) => {
      if (same(was[i], Reflect.getOwnPropertyDescriptor(owner, key))) return;
      changed.push(keyName(name, key));
      Reflect.defineProperty(owner, key, was[i]!);
    });
  }
  return changed;
}
