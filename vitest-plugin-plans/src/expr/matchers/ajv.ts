/** The Ajv instance the schema and openapi matchers share (draft 2020-12, formats, exact bounds) and the rendering of its errors as failure lines. */
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ErrorObject } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { formatValue } from '../explain.js';
import type { Value } from '../values.js';
import { addExactKeywords } from './exact-keywords.js';

// ajv-formats is CommonJS: under NodeNext the default import is module.exports, whose `default` is the plugin.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (ajv: Ajv2020) => void;

/** Schema errors listed per failure (spec §8). */
export const MAX_SCHEMA_ERRORS = 20;

/** A fresh Ajv for one matcher: draft 2020-12, all errors, formats, exact numeric bounds. */
export function createAjv(): Ajv2020 {
  // strict: false — OpenAPI schemas carry keywords (example, discriminator, xml) Ajv does not know.
  // logger: false — an unknown format would otherwise warn on the console, bypassing the scrubber.
  const ajv = new Ajv2020({ allErrors: true, strict: false, validateSchema: true, addUsedSchema: false, logger: false });
  addFormats(ajv);
  addExactKeywords(ajv);
  return ajv;
}

/** Keywords whose errors only summarise their children's: dropped so only leaves are listed. */
const PARENT_KEYWORDS = new Set(['anyOf', 'oneOf', 'allOf', 'if', 'then', 'else', 'propertyNames', 'dependentSchemas']);

/**
 * Prints Ajv errors as `<pointer> <keyword>: <reason>`, leaves only, at most 20,
 * then `<label>: first 20 errors shown`. The pointer of the root is `(root)`.
 */
export function errorLines(errors: readonly ErrorObject[], instance: Value, label: string): string[] {
  const lines: string[] = [];
  const seen = new Set<string>();
  for (const e of errors) {
    if (PARENT_KEYWORDS.has(e.keyword)) continue;
    const keyword = e.keyword.replace(/^x-exact-/, '');
    const line = `${e.instancePath || '(root)'} ${keyword}: ${reason(e, keyword, instance)}`;
    if (!seen.has(line)) {
      seen.add(line);
      lines.push(line);
    }
  }
  if (lines.length > MAX_SCHEMA_ERRORS) return [...lines.slice(0, MAX_SCHEMA_ERRORS), `${label}: first ${MAX_SCHEMA_ERRORS} errors shown`];
  return lines;
}

function reason(e: ErrorObject, keyword: string, instance: Value): string {
  const at = valueAt(instance, e.instancePath);
  const p = e.params as Record<string, unknown>;
  switch (keyword) {
    case 'type':
      return `got ${jsonType(at)}, want ${Array.isArray(p.type) ? p.type.join(' or ') : String(p.type)}`;
    case 'required':
      return `missing property ${JSON.stringify(p.missingProperty)}`;
    case 'additionalProperties':
      return `property ${JSON.stringify(p.additionalProperty)} is not allowed`;
    case 'unevaluatedProperties':
      return `property ${JSON.stringify(p.unevaluatedProperty)} is not allowed`;
    case 'enum':
      return `got ${at ? formatValue(at) : '?'}, want one of ${JSON.stringify(p.allowedValues)}`;
    case 'const':
      return `got ${at ? formatValue(at) : '?'}, want ${JSON.stringify(p.allowedValue)}`;
    case 'pattern':
      return `${at ? formatValue(at) : 'the value'} does not match /${String(p.pattern)}/`;
    case 'format':
      return `${at ? formatValue(at) : 'the value'} is not a valid ${String(p.format)}`;
    default:
      return e.message ?? 'does not hold';
  }
}

/** JSON type names as the spec's `type: got X, want Y` uses them. */
export function jsonType(v: Value | undefined): string {
  if (!v) return 'nothing';
  switch (v.k) {
    case 'nil':
    case 'na':
      return 'null';
    case 'bool':
      return 'boolean';
    case 'num':
      return v.v.isInteger() ? 'integer' : 'number';
    case 'str':
    case 'dur':
      return 'string';
    case 'list':
      return 'array';
    default:
      return 'object';
  }
}

/** The value at a JSON pointer. */
export function valueAt(v: Value, pointer: string): Value | undefined {
  if (pointer === '') return v;
  let cur: Value | undefined = v;
  for (const raw of pointer.slice(1).split('/')) {
    const seg = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (!cur) return undefined;
    if (cur.k === 'map') cur = cur.entries.get(seg);
    else if (cur.k === 'list') cur = cur.items[Number(seg)];
    else return undefined;
  }
  return cur;
}
