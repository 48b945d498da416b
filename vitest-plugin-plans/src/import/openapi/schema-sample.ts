/**
 * A value for a JSON Schema, for request bodies and parameters the
 * document gives no example for. Documented values win (`example`,
 * `examples[0]`, `default`, `const`, `enum[0]`); otherwise the value is
 * made from the type and format and its path is reported as invented, so
 * `added:` can say exactly what the importer made up. `allOf` is merged,
 * `oneOf`/`anyOf` take the first branch, objects get their required
 * properties (all of them when none is required), `readOnly` properties are
 * left out of requests (the server owns them), and recursion stops at a
 * schema already being expanded or past a fixed depth, so a recursive
 * schema terminates with the smallest value of its type.
 */
import { isObject, type Json } from './read.js';
import type { Refs } from './refs.js';

/** A generated value and the paths (`name`, `tags[0]`, `` for the root) the importer made up. */
export interface Sample {
  value: Json;
  invented: string[];
}

/** Nesting past this depth gets the smallest value of its type. */
const MAX_DEPTH = 8;

/** Values for string formats (RFC 3339 dates, RFC 4122 ids, RFC 2606/5737 reserved names and addresses). */
const FORMATS: Record<string, string> = {
  uuid: '3fa85f64-5717-4562-b3fc-2c963f66afa6', 'date-time': '2024-01-01T00:00:00Z', date: '2024-01-01', time: '00:00:00Z',
  email: 'user@example.com', 'idn-email': 'user@example.com', uri: 'https://example.com', url: 'https://example.com',
  'uri-reference': '/example', hostname: 'example.com', ipv4: '192.0.2.1', ipv6: '2001:db8::1', byte: 'c3RyaW5n',
  duration: 'PT1H', password: 'string',
};

/**
 * A value for `schema` (found in `file`); `request` drops readOnly properties.
 * @example sampleSchema({ type: 'object', required: ['n'], properties: { n: { type: 'integer', minimum: 3 } } }, refs, 'api.yaml', 'request')
 * // { value: { n: 3 }, invented: ['n'] }
 */
export function sampleSchema(schema: Json | undefined, refs: Refs, file: string, purpose: 'request' | 'response'): Sample {
  const invented: string[] = [];
  const value = new Sampler(refs, purpose, invented).sample(schema, file, '', 0, new Set());
  return { value: value === OMIT ? null : value, invented };
}

/** A schema's documented value, if any: `example`, `examples[0]`, `default`, `const`, `enum[0]`. */
export function documentedValue(schema: Json | undefined): { value: Json } | undefined {
  if (!isObject(schema)) return undefined;
  if (schema.example !== undefined) return { value: schema.example };
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return { value: schema.examples[0]! };
  if (schema.default !== undefined) return { value: schema.default };
  if (schema.const !== undefined) return { value: schema.const };
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return { value: schema.enum[0]! };
  return undefined;
}

/** Said of a property that recursion or depth cut off: leave it out when it may be left out. */
const OMIT = Symbol('omit');

class Sampler {
  constructor(private readonly refs: Refs, private readonly purpose: 'request' | 'response', private readonly invented: string[]) {}

  sample(raw: Json | undefined, file: string, path: string, depth: number, expanding: Set<string>): Json | typeof OMIT {
    const key = this.refs.refKey(raw, file);
    if (key && expanding.has(key)) return OMIT;
    const { value: schema, file: at } = this.refs.deref(raw, file);
    const inner = new Set(expanding);
    if (key) inner.add(key);
    const merged = mergeSchema(this.refs, schema, at, inner);
    const documented = documentedValue(merged);
    if (documented) return documented.value;
    const type = typeOf(merged);
    if (depth > MAX_DEPTH && (type === 'object' || type === 'array')) return OMIT;
    if (type === 'object') {
      const props = isObject(merged.properties) ? merged.properties : {};
      const required = new Set(Array.isArray(merged.required) ? merged.required.map(String) : []);
      const out: { [k: string]: Json } = {};
      for (const [name, sub] of Object.entries(props)) {
        if (required.size > 0 && !required.has(name)) continue;
        const resolved = this.refs.deref(sub, at).value;
        // OpenAPI: a required readOnly property is required in responses only.
        if (this.purpose === 'request' && isObject(resolved) && resolved.readOnly === true) continue;
        const v = this.sample(sub, at, path ? `${path}.${name}` : name, depth + 1, inner);
        if (v !== OMIT) out[name] = v;
        else if (required.has(name)) {
          const d = this.refs.deref(sub, at);
          out[name] = smallest(mergeSchema(this.refs, d.value, d.file));
        }
      }
      if (Object.keys(props).length === 0 && path === '') this.invented.push('');
      return out;
    }
    if (type === 'array') {
      const item = this.sample(merged.items, at, `${path}[0]`, depth + 1, inner);
      const count = Math.max(1, Math.min(typeof merged.minItems === 'number' ? merged.minItems : 1, 3));
      return item === OMIT ? [] : Array.from({ length: count }, () => item);
    }
    this.invented.push(path);
    return scalar(type, merged);
  }
}

/**
 * A schema with `allOf` merged in and the first `oneOf`/`anyOf` branch taken
 * (refs followed), so its properties and required list can be read in one place.
 * With `expanding` (the refs being expanded, added to as refs are followed),
 * a branch that leads back into one is skipped: a recursive alternative
 * (`oneOf: [$ref: Category, type: 'null']`) gives way to the next.
 */
export function mergeSchema(refs: Refs, schema: Json | undefined, file: string, expanding?: Set<string>, depth = 0): { [k: string]: Json } {
  if (!isObject(schema)) return {};
  if (depth > MAX_DEPTH) return schema;
  const own: { [k: string]: Json } = { ...schema };
  delete own.allOf;
  delete own.oneOf;
  delete own.anyOf;
  const parts = [own];
  const recursive = (b: Json) => {
    const key = refs.refKey(b, file);
    return key !== undefined && !!expanding?.has(key);
  };
  const branches = (Array.isArray(schema.allOf) ? schema.allOf : []).filter((b) => !recursive(b));
  for (const alt of [schema.oneOf, schema.anyOf]) {
    const first = Array.isArray(alt) ? alt.find((b) => !recursive(b)) : undefined;
    if (first !== undefined) branches.push(first);
  }
  for (const b of branches) {
    const key = refs.refKey(b, file);
    if (key) expanding?.add(key);
    const d = refs.deref(b, file);
    parts.push(mergeSchema(refs, d.value, d.file, expanding, depth + 1));
  }
  const out: { [k: string]: Json } = {};
  const properties: { [k: string]: Json } = {};
  const required = new Set<string>();
  for (const p of parts) {
    for (const [k, v] of Object.entries(p)) if (out[k] === undefined && k !== 'properties' && k !== 'required') out[k] = v;
    if (isObject(p.properties)) Object.assign(properties, p.properties);
    if (Array.isArray(p.required)) for (const r of p.required) required.add(String(r));
  }
  if (Object.keys(properties).length > 0) out.properties = properties;
  if (required.size > 0) out.required = [...required];
  return out;
}

/** The schema's type: the first non-null of a 3.1 type list, else inferred from its keywords. */
function typeOf(s: { [k: string]: Json }): string {
  const t = Array.isArray(s.type) ? s.type.find((x) => x !== 'null') ?? 'null' : s.type;
  if (typeof t === 'string') return t;
  if (s.properties !== undefined || s.additionalProperties !== undefined) return 'object';
  if (s.items !== undefined) return 'array';
  return 'string';
}

/** The value a cut-off required property still needs: the empty value of its type. */
function smallest(s: Json | undefined): Json {
  const t = isObject(s) ? typeOf(s) : 'object';
  return t === 'array' ? [] : t === 'object' ? {} : scalar(t, isObject(s) ? s : {});
}

/** A value for a scalar type within the schema's bounds. */
function scalar(type: string, s: { [k: string]: Json }): Json {
  if (type === 'integer' || type === 'number') {
    const min = typeof s.minimum === 'number' ? s.minimum : undefined;
    // 3.1 writes exclusiveMinimum as a number; 3.0 as a flag on minimum.
    const exMin = typeof s.exclusiveMinimum === 'number' ? s.exclusiveMinimum : s.exclusiveMinimum === true ? min : undefined;
    const max = typeof s.maximum === 'number' ? s.maximum : typeof s.exclusiveMaximum === 'number' ? s.exclusiveMaximum - 1 : undefined;
    let n = exMin !== undefined ? Math.floor(exMin) + 1 : min !== undefined ? Math.ceil(min) : 1;
    if (max !== undefined && n > max) n = Math.floor(max);
    const step = typeof s.multipleOf === 'number' && Number.isInteger(s.multipleOf) && s.multipleOf > 0 ? s.multipleOf : undefined;
    if (step) n = Math.ceil(n / step) * step;
    return n;
  }
  if (type === 'boolean') return true;
  if (type === 'null') return null;
  let text = (typeof s.format === 'string' && FORMATS[s.format]) || 'string';
  const minLength = typeof s.minLength === 'number' ? s.minLength : 0;
  const maxLength = typeof s.maxLength === 'number' ? s.maxLength : Infinity;
  while (text.length < minLength) text += 'x';
  if (text.length > maxLength) text = text.slice(0, Math.max(0, maxLength));
  return text;
}
