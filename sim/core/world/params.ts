/** Shared checks for environment parameters; each failure names the parameter and the value. */
import { parseNumber } from '../params/number.js';
import { closestNames, orList } from '../params/suggest.js';
import { EnvParamError, type EnvParams, type EnvSpec, type ParamSpec } from './env.js';

/**
 * A number as given: itself, or text read in the one number grammar (sim/core/params/number.ts); else the raw value.
 */
const numeric = (raw: unknown): unknown => (typeof raw === 'string' ? (parseNumber(raw) ?? raw) : raw);

/** Read an integer parameter (numbers or numeric text), within the spec's bounds. */
export function intParam(params: EnvParams, spec: ParamSpec, fallback?: number): number {
  const raw = params[spec.name] ?? spec.default ?? fallback;
  const n = numeric(raw);
  if (typeof n !== 'number' || !Number.isSafeInteger(n)) throw new EnvParamError(spec.name, raw, 'must be an integer');
  checkBounds(spec, n);
  return n;
}

/** Read a real parameter (rates live in [0, 1]). */
export function numberParam(params: EnvParams, spec: ParamSpec, fallback?: number): number {
  const raw = params[spec.name] ?? spec.default ?? fallback;
  const n = numeric(raw);
  if (typeof n !== 'number' || !Number.isFinite(n)) throw new EnvParamError(spec.name, raw, 'must be a number');
  const bounded: ParamSpec = spec.kind === 'rate' ? { ...spec, min: spec.min ?? 0, max: spec.max ?? 1 } : spec;
  checkBounds(bounded, n);
  return n;
}

function checkBounds(spec: ParamSpec, n: number): void {
  if (spec.min !== undefined && n < spec.min) throw new EnvParamError(spec.name, n, `must be at least ${spec.min}`);
  if (spec.max !== undefined && n > spec.max) throw new EnvParamError(spec.name, n, `must be at most ${spec.max}`);
}

/** Reject parameters the environment does not know, naming the closest known ones and all of them. */
export function rejectUnknown(params: EnvParams, specs: readonly ParamSpec[], envId: string): void {
  for (const key of Object.keys(params)) {
    if (!specs.some((s) => s.name === key)) {
      const names = specs.map((s) => s.name);
      const close = closestNames(key, names);
      const guess = close.length === 0 ? '' : `did you mean ${orList(close)}? `;
      throw new EnvParamError(key, params[key], `is not a parameter of ${envId} (${guess}known: ${names.join(', ')})`);
    }
  }
}

/** Read a text parameter (its default when absent). */
export function stringParam(params: EnvParams, spec: ParamSpec): string {
  const raw = params[spec.name] ?? spec.default;
  if (raw === undefined) throw new EnvParamError(spec.name, raw, 'is required');
  return String(raw);
}

/** One declared parameter's value as given (a number, or text from the shell), checked against its kind and bounds. */
export function declaredValue(params: EnvParams, spec: ParamSpec): number | string {
  if (spec.kind === 'int') return intParam(params, spec);
  if (spec.kind === 'rate' || spec.kind === 'number') return numberParam(params, spec);
  return stringParam(params, spec);
}

/**
 * A world's parameters as a run takes them, read off its declarations: unknown names refused, each given
 * value checked against its declared kind, `min` and `max` (numbers may arrive as text; an empty text is
 * no number), every declared default filled in — then the world's own `resolve`, if it has one, for what
 * the declarations cannot say (checks across parameters, values derived from others). Every error names
 * the parameter (an EnvParamError, or the world's own error with a `param`).
 */
export function resolveEnvParams(spec: EnvSpec, given: EnvParams): EnvParams {
  rejectUnknown(given, spec.params, spec.id);
  const declared: Record<string, number | string> = {};
  for (const p of spec.params) {
    if (given[p.name] !== undefined) declared[p.name] = declaredValue(given, p);
    else if (p.default !== undefined) declared[p.name] = p.default;
  }
  return spec.resolve === undefined ? declared : spec.resolve(declared);
}

/** Check every parameter against its spec and fill in defaults; unknown names are rejected. */
export function resolveSpecs(
  params: EnvParams,
  specs: readonly ParamSpec[],
  envId: string,
): Record<string, number | string> {
  rejectUnknown(params, specs, envId);
  const out: Record<string, number | string> = {};
  for (const spec of specs) out[spec.name] = declaredValue(params, spec);
  return out;
}

/**
 * A list of task indices such as `75+150` (0-based, over the whole run); empty text is the empty list.
 * Items are joined with '+', not ',', because a sweep reads commas as a list of cells.
 * Returned sorted and without duplicates.
 */
export function taskListParam(name: string, text: string): number[] {
  if (text.trim() === '') return [];
  const out = new Set<number>();
  for (const part of text.split('+')) {
    const s = part.trim();
    if (!/^\d+$/.test(s) || !Number.isSafeInteger(Number(s)))
      throw new EnvParamError(name, text, `'${s}' is not a task index (0, 1, 2 …)`);
    out.add(Number(s));
  }
  return [...out].sort((a, b) => a - b);
}
