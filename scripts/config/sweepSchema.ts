/**
 * The JSON Schema of `hexa sweep --config FILE`, generated from the run's parameter declarations: one key
 * per run flag, in the help's order, its value one setting, a list or a range as the flag's kind allows.
 * `readSweepConfig` validates against it; `npm run schema` writes it to schemas/sweep.schema.json for
 * editors (a test holds the file to this function).
 */
import { join } from 'node:path';
import type { Param } from '../../sim/core/params/declaration.js';
import { NUMBER_SOURCE } from '../../sim/core/params/number.js';
import { defaultText } from '../../sim/core/params/read.js';
import { RUN_FLAGS } from './runOptions.js';

export type Schema = { readonly [key: string]: unknown };

const list = (item: Schema): Schema => ({ type: 'array', minItems: 1, items: item });
const oneOrList = (description: string, item: Schema): Schema => ({ description, anyOf: [item, list(item)] });
const quoted = (values: readonly string[]): string => values.map((v) => JSON.stringify(v)).join(', ');
const article = (word: string): string => (/^[aeiou]/.test(word) ? `an ${word}` : `a ${word}`);
const numbers = (description: string): Schema => ({ $ref: '#/definitions/numbers', description });

function bounds(min: number | undefined, max: number | undefined, exclusiveMin = false): string {
  const hasMax = max !== undefined && max < Number.MAX_SAFE_INTEGER;
  if (min !== undefined && hasMax) return ` in ${exclusiveMin ? '(' : '['}${min}, ${max}]`;
  if (min !== undefined) return exclusiveMin ? ` > ${min}` : ` ≥ ${min}`;
  return hasMax ? ` ≤ ${max}` : '';
}

/** The schema of one flag's value. */
function entry(p: Param): Schema {
  switch (p.kind) {
    case 'world': {
      const id: Schema = { type: 'string', minLength: 1 };
      return oneOrList('an environment id or a module file (.mjs or .js, optionally #id), or a list of them', id);
    }
    case 'integer':
      if (p.single !== undefined) {
        const what = p.min === 0 ? 'non-negative integer' : `integer ≥ ${p.min}`;
        return { type: 'integer', minimum: p.min, description: `one ${what} (${p.single})` };
      }
      return numbers(`an integer${bounds(p.min, p.max)}, a range, or a list of them`);
    case 'decimal':
      return numbers(`a number${bounds(p.min, p.max, p.exclusiveMin === true)}, a range, or a list of them`);
    case 'rate':
      return numbers('a number in [0, 1], a range, or a list of them');
    case 'share':
      return numbers('a number in (0, 1], a range, or a list of them');
    case 'boolean':
      return oneOrList('true, false, or a list of them', { type: 'boolean' });
    case 'choice':
      return oneOrList(`${quoted(p.values)}, or a list of them`, { enum: p.values });
    case 'policy': {
      const file = `${article(p.module)} module file (.mjs or .js)`;
      const names = p.values.length === 1 ? `${quoted(p.values)} or ${file}` : `${quoted(p.values)}, ${file}`;
      const one: readonly Schema[] = [{ enum: p.values }, { $ref: '#/definitions/module' }];
      return { description: `${names}, or a list of them`, anyOf: [...one, list({ anyOf: one })] };
    }
    case 'numbers': {
      const text: Schema = { type: 'string', pattern: `^\\s*${NUMBER_SOURCE}(/${NUMBER_SOURCE})*\\s*$` };
      return oneOrList(`numbers joined by '/' (e.g. "${defaultText(p)}"), or a list of them`, text);
    }
    case 'text':
      return oneOrList(`${p.shape}, or a list of them`, { $ref: `#/definitions/${p.flag}` });
    case 'file':
      return oneOrList(`${p.shape}, or a list of them`, { type: 'string', minLength: 1 });
  }
}

const POSITIVE = String.raw`\+?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?`;
const scalarOrRange: readonly Schema[] = [{ $ref: '#/definitions/scalar' }, { $ref: '#/definitions/range' }];

export function sweepSchema(): Schema {
  const properties: Record<string, Schema> = {
    $schema: { type: 'string', description: "a string (the schema's location, for editors)" },
  };
  for (const p of RUN_FLAGS) properties[p.flag] = entry(p);
  properties.params = {
    description: 'an object of environment parameters, each a value, a range, or a list',
    type: 'object',
    propertyNames: { pattern: '^[A-Za-z][A-Za-z0-9_-]*$' },
    additionalProperties: {
      description: 'a number, a string, a range, or a list of them',
      anyOf: [...scalarOrRange, list({ anyOf: scalarOrRange })],
    },
  };
  const texts = Object.fromEntries(
    RUN_FLAGS.flatMap((p) => (p.kind === 'text' ? [[p.flag, { type: 'string', pattern: p.pattern }]] : [])),
  );
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    $id: 'urn:hexa-sim:sweep-config:v1',
    title: 'hexa sweep configuration',
    description:
      'A grid for `hexa sweep --config FILE`. Every key is a `hexa run` flag; a value is one setting, a list (the ' +
      "grid's values), or an inclusive range. Flags on the command line override keys here.",
    type: 'object',
    additionalProperties: false,
    properties,
    definitions: {
      scalar: { type: ['number', 'string'] },
      ...texts,
      rangeText: { type: 'string', pattern: `^\\s*${NUMBER_SOURCE}:${NUMBER_SOURCE}(:${POSITIVE})?\\s*$` },
      rangeObject: {
        type: 'object',
        additionalProperties: false,
        required: ['from', 'to'],
        properties: { from: { type: 'number' }, to: { type: 'number' }, step: { type: 'number', exclusiveMinimum: 0 } },
      },
      range: { anyOf: [{ $ref: '#/definitions/rangeText' }, { $ref: '#/definitions/rangeObject' }] },
      numbers: {
        anyOf: [
          { type: 'number' },
          { $ref: '#/definitions/range' },
          list({ anyOf: [{ type: 'number' }, { $ref: '#/definitions/range' }] }),
        ],
      },
      module: { type: 'string', pattern: String.raw`\.(mjs|js)(#[^#]+)?$` },
    },
  };
}

/** The schema file's text. */
export function schemaText(): string {
  return `${JSON.stringify(sweepSchema(), null, 2)}\n`;
}

/** Where the package ships the schema (relative to its root). */
export const SCHEMA_FILE = join('schemas', 'sweep.schema.json');
