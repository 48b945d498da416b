/** JSON Schema numeric bounds (minimum, maximum, multipleOf, …) checked against exact numbers rather than Ajv's JS numbers. */
import type { Ajv2020 } from 'ajv/dist/2020.js';
import { Rational } from '../rational.js';
import type { NumValue, Value } from '../values.js';

/**
 * Numeric bounds validated exactly. Ajv sees JS numbers, so
 * `maximum: 10000000000000000` would accept 10000000000000001. The schema's
 * numeric keywords are rewritten to `x-exact-<keyword>` holding the literal
 * text, and the instance's exact numbers are looked up by JSON pointer.
 */
export const EXACT_KEYWORDS = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'] as const;

const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);
const SCHEMA_ONE = new Set(['items', 'additionalProperties', 'unevaluatedProperties', 'unevaluatedItems', 'propertyNames', 'contains', 'not', 'if', 'then', 'else', 'additionalItems', 'schema']);
const SCHEMA_LISTS = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems', 'items']);

/** Exact numbers of the instance being validated, by JSON pointer (set around each validation; validation is synchronous). */
let current = new Map<string, NumValue>();

/** Runs `fn` with the exact numbers of `instance` visible to the exact keywords. */
export function withExactNumbers<T>(instance: Value, fn: () => T): T {
  const prev = current;
  current = new Map();
  indexNumbers(instance, '', current);
  try {
    return fn();
  } finally {
    current = prev;
  }
}

function indexNumbers(v: Value, ptr: string, out: Map<string, NumValue>): void {
  if (v.k === 'num') out.set(ptr, v);
  else if (v.k === 'list') v.items.forEach((x, i) => indexNumbers(x, `${ptr}/${i}`, out));
  else if (v.k === 'map') for (const [k, x] of v.entries) indexNumbers(x, `${ptr}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`, out);
}

/**
 * Converts a schema (exact Value) to JS for Ajv, rewriting numeric keywords to
 * their exact form. `visitRef` sees every `$ref` string.
 */
export function schemaToJs(v: Value, visitRef: (ref: string) => void, generic = false): unknown {
  return convert(v, generic ? 'generic' : 'schema', visitRef);
}

/** Keys whose values are data, never schemas, in a document walked generically (OpenAPI). */
const DATA_KEYS = new Set(['const', 'enum', 'default', 'example', 'examples']);

function convert(v: Value, pos: 'schema' | 'map' | 'list' | 'data' | 'generic', visitRef: (ref: string) => void): unknown {
  switch (v.k) {
    case 'list':
      return v.items.map((x) => convert(x, pos === 'list' ? 'schema' : pos === 'generic' ? 'generic' : 'data', visitRef));
    case 'map': {
      if (pos === 'data') return plain(v);
      if (pos === 'generic') {
        // An OpenAPI document: schemas sit anywhere, so numeric keywords are rewritten wherever they hold a number.
        const out: Record<string, unknown> = {};
        for (const [k, x] of v.entries) {
          if ((EXACT_KEYWORDS as readonly string[]).includes(k) && x.k === 'num') out[`x-exact-${k}`] = x.text ?? x.v.toDecimal();
          else if (k === '$ref' && x.k === 'str') {
            visitRef(x.v);
            out[k] = x.v;
          } else out[k] = DATA_KEYS.has(k) ? plain(x) : convert(x, 'generic', visitRef);
        }
        return out;
      }
      const out: Record<string, unknown> = {};
      for (const [k, x] of v.entries) {
        if (pos === 'map') out[k] = convert(x, 'schema', visitRef);
        else if ((EXACT_KEYWORDS as readonly string[]).includes(k) && x.k === 'num') out[`x-exact-${k}`] = x.text ?? x.v.toDecimal();
        else if (k === '$ref' && x.k === 'str') {
          visitRef(x.v);
          out[k] = x.v;
        } else if (SCHEMA_MAPS.has(k) && x.k === 'map') out[k] = convert(x, 'map', visitRef);
        else if (SCHEMA_LISTS.has(k) && x.k === 'list') out[k] = convert(x, 'list', visitRef);
        else if (SCHEMA_ONE.has(k) && x.k === 'map') out[k] = convert(x, 'schema', visitRef);
        else out[k] = plain(x);
      }
      return out;
    }
    default:
      return plain(v);
  }
}

function plain(v: Value): unknown {
  switch (v.k) {
    case 'num':
      return v.v.toNumber();
    case 'list':
      return v.items.map(plain);
    case 'map':
      return Object.fromEntries([...v.entries].map(([k, x]) => [k, plain(x)]));
    case 'str':
    case 'bool':
      return v.v;
    default:
      return null;
  }
}

const SYMBOL: Record<string, string> = { minimum: '>=', maximum: '<=', exclusiveMinimum: '>', exclusiveMaximum: '<' };

/** Registers the exact keywords on an Ajv instance. */
export function addExactKeywords(ajv: Ajv2020): void {
  for (const kw of EXACT_KEYWORDS) {
    const validate = (schemaText: string, data: unknown, _parent?: unknown, cxt?: { instancePath: string }): boolean => {
      const bound = Rational.parse(schemaText);
      const exact = cxt ? current.get(cxt.instancePath) : undefined;
      const value = exact?.v ?? (typeof data === 'number' && Number.isFinite(data) ? Rational.fromNumber(data) : undefined);
      if (!bound || !value) return true;
      let ok: boolean;
      if (kw === 'multipleOf') ok = bound.sign() !== 0 && value.div(bound).isInteger();
      else {
        const c = value.cmp(bound);
        ok = kw === 'minimum' ? c >= 0 : kw === 'maximum' ? c <= 0 : kw === 'exclusiveMinimum' ? c > 0 : c < 0;
      }
      if (!ok) {
        const found = exact ? exact.text ?? exact.v.toDecimal() : value.toDecimal();
        const message = kw === 'multipleOf' ? `must be a multiple of ${schemaText}, found ${found}` : `must be ${SYMBOL[kw]} ${schemaText}, found ${found}`;
        (validate as unknown as { errors: unknown[] }).errors = [{ keyword: kw, message, params: { limit: schemaText } }];
      }
      return ok;
    };
    ajv.addKeyword({ keyword: `x-exact-${kw}`, type: 'number', schemaType: 'string', errors: true, validate });
  }
}
