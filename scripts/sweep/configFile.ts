/**
 * `--config sweep.json`: a grid written as JSON, checked against the JSON Schema generated from the run's
 * parameter declarations (scripts/config/sweepSchema.ts; shipped as `schemas/sweep.schema.json` for
 * editors). Errors name the key and its value. The document becomes the same per-flag text as the command
 * line, so both go through one parser and `configFrom`.
 */
import { msg, UsageError } from '../../sim/core/messages.js';
import { sweepSchema } from '../config/sweepSchema.js';
import type { AxisText } from './grid.js';
import { readJsonInput } from '../config/input.js';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
interface Schema {
  description?: string;
  properties?: Record<string, Schema>;
  additionalProperties?: Schema | boolean;
}

export function loadSchema(): Schema & Record<string, unknown> {
  return sweepSchema() as Schema & Record<string, unknown>;
}

/** Read and validate a config file; its entries in document order. Throws UsageError. */
export async function readSweepConfig(path: string): Promise<AxisText[]> {
  // Bounded in size and depth, stdin and pipes included (scripts/config/input.ts).
  const doc = readJsonInput('config', path) as Json;
  const { Ajv } = await import('ajv');
  const schema = loadSchema();
  const validate = new Ajv({ allErrors: false, strict: true, allowUnionTypes: true }).compile(schema);
  if (!validate(doc)) {
    const error = validate.errors![0]!;
    const segments = error.instancePath
      .split('/')
      .slice(1)
      .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
    if (error.keyword === 'additionalProperties')
      segments.push(String((error.params as { additionalProperty: string }).additionalProperty));
    throw new UsageError(describeError(path, schema, doc, segments, error.keyword));
  }
  return entriesOf(doc as Record<string, Json>);
}

/** One line naming the key (e.g. `threshold`, `params.noise`) and the value found there. */
function describeError(path: string, schema: Schema, doc: Json, segments: string[], keyword: string): string {
  if (segments.length === 0) return msg.configInvalid(path, '', doc, 'must be an object of sweep settings');
  const [top, second] = segments;
  const isParam = top === 'params' && second !== undefined;
  const key = isParam ? `params.${second}` : top!;
  const value = isParam
    ? (doc as Record<string, Record<string, Json>>).params![second]!
    : (doc as Record<string, Json>)[top!]!;
  const known = schema.properties?.[top!];
  if (known === undefined)
    return msg.configInvalid(
      path,
      key,
      value,
      `is not a sweep setting (known: ${Object.keys(schema.properties ?? {})
        .filter((k) => k !== '$schema')
        .join(', ')})`,
    );
  const own = isParam && typeof known.additionalProperties === 'object' ? known.additionalProperties : known;
  const reason =
    keyword === 'propertyNames'
      ? 'parameter names are letters, digits, - and _'
      : `expected ${own.description ?? 'another value'}`;
  return msg.configInvalid(path, key, value, reason);
}

/** A JSON value as grid text: lists joined by commas, range objects as start:stop:step. */
function text(value: Json): string {
  if (Array.isArray(value)) return value.map(text).join(',');
  if (value !== null && typeof value === 'object') {
    const r = value as { from: number; to: number; step?: number };
    return `${r.from}:${r.to}${r.step === undefined ? '' : `:${r.step}`}`;
  }
  return String(value);
}

function entriesOf(doc: Record<string, Json>): AxisText[] {
  const out: AxisText[] = [];
  for (const [key, value] of Object.entries(doc)) {
    if (key === '$schema') continue;
    if (key === 'params') {
      for (const [name, v] of Object.entries(value as Record<string, Json>))
        out.push({ kind: 'param', name, text: text(v) });
    } else {
      out.push({ kind: 'flag', name: key, text: text(value) });
    }
  }
  return out;
}
