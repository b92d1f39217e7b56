/** Shared checks for environment parameters; each failure names the parameter and the value. */
import { EnvParamError, type EnvParams, type ParamSpec } from './env.js';

/** Read an integer parameter (numbers or decimal strings), within the spec's bounds. */
export function intParam(params: EnvParams, spec: ParamSpec, fallback?: number): number {
  const raw = params[spec.name] ?? spec.default ?? fallback;
  const n = typeof raw === 'string' && /^-?\d+$/.test(raw.trim()) ? Number(raw) : raw;
  if (typeof n !== 'number' || !Number.isSafeInteger(n)) throw new EnvParamError(spec.name, raw, 'must be an integer');
  checkBounds(spec, n);
  return n;
}

/** Read a real parameter (rates live in [0, 1]). */
export function numberParam(params: EnvParams, spec: ParamSpec, fallback?: number): number {
  const raw = params[spec.name] ?? spec.default ?? fallback;
  const n = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
  if (typeof n !== 'number' || !Number.isFinite(n)) throw new EnvParamError(spec.name, raw, 'must be a number');
  const bounded: ParamSpec = spec.kind === 'rate' ? { ...spec, min: spec.min ?? 0, max: spec.max ?? 1 } : spec;
  checkBounds(bounded, n);
  return n;
}

function checkBounds(spec: ParamSpec, n: number): void {
  if (spec.min !== undefined && n < spec.min) throw new EnvParamError(spec.name, n, `must be at least ${spec.min}`);
  if (spec.max !== undefined && n > spec.max) throw new EnvParamError(spec.name, n, `must be at most ${spec.max}`);
}

/** Reject parameters the environment does not know. */
export function rejectUnknown(params: EnvParams, specs: readonly ParamSpec[], envId: string): void {
  for (const key of Object.keys(params)) {
    if (!specs.some((s) => s.name === key)) {
      const known = specs.map((s) => s.name).join(', ');
      throw new EnvParamError(key, params[key], `is not a parameter of ${envId} (known: ${known})`);
    }
  }
}

