/**
 * `defineEnv`: a world from outside the project, held to the same EnvSpec contract as the built-in ones.
 * A plugin module is plain JavaScript, so nothing about its shape is known until it is looked at: this
 * names the first field that is missing or of the wrong kind.
 */
import { msg } from '../messages.js';
import type { EnvSpec } from './env.js';

/** Versioned ids, as the built-in worlds have them: lower case, digits and dashes, then -v<N>. */
export const ENV_ID = /^[a-z][a-z0-9-]*-v\d+$/;

const PARAM_KINDS = ['int', 'rate', 'number', 'string'];

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** What is wrong with `value` as an EnvSpec, or null when it has every field the contract asks for. */
export function envSpecProblem(value: unknown): string | null {
  const c = msg.contract;
  if (!isObject(value)) return c.notObject('an EnvSpec');
  if (typeof value.id !== 'string' || !ENV_ID.test(value.id)) return c.badEnvId(value.id);
  if (typeof value.summary !== 'string' || value.summary.trim() === '') return c.field('summary', 'a non-empty string');
  if (!Array.isArray(value.params)) return c.field('params', 'an array of parameter specs');
  const names = new Set<string>();
  for (const p of value.params as unknown[]) {
    if (!isObject(p) || typeof p.name !== 'string' || p.name === '') return c.field('params', 'entries with a name');
    if (!PARAM_KINDS.includes(p.kind as string)) return c.field(`params '${p.name}' kind`, PARAM_KINDS.join(' | '));
    if (typeof p.describe !== 'string' || p.describe.trim() === '')
      return c.field(`params '${p.name}' describe`, 'a non-empty string');
    if (names.has(p.name)) return c.duplicateParam(p.name);
    names.add(p.name);
  }
  if (typeof value.exactRandomControl !== 'boolean') return c.field('exactRandomControl', 'true or false');
  if (value.feedback !== undefined && value.feedback !== 'matches') return c.field('feedback', "'matches' or absent");
  if (value.resolve !== undefined && typeof value.resolve !== 'function')
    return c.field('resolve', 'a function or absent');
  if (typeof value.create !== 'function') return c.field('create', 'a function');
  return null;
}

/**
 * Declare a world (`defineEnv({ id: 'my-lock-v1', … })`): returns it unchanged once it has the EnvSpec
 * fields; throws a TypeError naming the first one that is missing. Behaviour is `checkEnv`'s job.
 */
export function defineEnv<T extends EnvSpec>(spec: T): T {
  const problem = envSpecProblem(spec);
  if (problem !== null) throw new TypeError(`defineEnv: ${problem}`);
  return spec;
}
