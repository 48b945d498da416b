/**
 * Operation parameters (path, query, header, cookie) and the values the
 * plan sends for them. A documented value wins: the parameter's `example`,
 * its first `examples` entry, then its schema's example, default, const or
 * first enum value; only then is a value made up from the schema, and the
 * caller lists it under `added:`. Optional parameters are sent only with a
 * documented example: a made-up optional filter would change what the
 * server answers without anyone having asked for it. Values are written
 * the way OpenAPI's default styles serialise them (`simple` for path and
 * header, `form` with explode for query).
 */
import { isObject, type Json } from './read.js';
import type { Refs } from './refs.js';
import { documentedValue, sampleSchema } from './schema-sample.js';

/** One parameter, resolved. */
export interface Param {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  spec: { [k: string]: Json };
  file: string;
}

/** A parameter's value and whether the importer made it up. */
export interface ParamValue {
  value: Json;
  invented: boolean;
  /** The schema's type and format, for the `added:` line (`integer, int64`). */
  schemaNote: string;
}

/** Headers OpenAPI says a parameter may not define (they come from elsewhere in the document). */
const IGNORED_HEADERS = /^(accept|content-type|authorization)$/i;

/**
 * The operation's parameters: the path item's, overridden by the operation's of the same name and location.
 * @example operationParameters(pathItem, op, refs, 'api.yaml').map((p) => p.name) // ['petId', 'verbose']
 */
export function operationParameters(pathItem: { [k: string]: Json }, op: { [k: string]: Json }, refs: Refs, file: string): Param[] {
  const byKey = new Map<string, Param>();
  for (const list of [pathItem.parameters, op.parameters]) {
    if (!Array.isArray(list)) continue;
    for (const raw of list) {
      const { value, file: at } = refs.deref(raw, file);
      if (!isObject(value) || typeof value.name !== 'string' || !['path', 'query', 'header', 'cookie'].includes(String(value.in))) continue;
      if (value.in === 'header' && IGNORED_HEADERS.test(value.name)) continue;
      const p: Param = { name: value.name, in: value.in as Param['in'], required: value.in === 'path' || value.required === true, spec: value, file: at };
      byKey.set(`${p.in}\0${p.name}`, p);
    }
  }
  return [...byKey.values()];
}

/** The value sent for a parameter, or undefined for an optional one without a documented example. */
export function parameterValue(p: Param, refs: Refs): ParamValue | undefined {
  const schemaRef = p.spec.schema ?? firstContentSchema(p.spec.content);
  const schema = refs.deref(schemaRef, p.file).value;
  const note = schemaNote(schema);
  const example = parameterExample(p, refs);
  if (example !== undefined) return { value: example, invented: false, schemaNote: note };
  const fromSchema = isObject(schema) && (schema.example !== undefined || (Array.isArray(schema.examples) && schema.examples.length > 0));
  if (!p.required && !fromSchema) return undefined;
  const documented = documentedValue(schema);
  if (documented) return { value: documented.value, invented: false, schemaNote: note };
  const sample = sampleSchema(schemaRef, refs, p.file, 'request');
  return { value: sample.value, invented: sample.invented.length > 0, schemaNote: note };
}

/** `example`, else the first of `examples` (a value or a ref to one; `externalValue` cannot be read here). */
function parameterExample(p: Param, refs: Refs): Json | undefined {
  if (p.spec.example !== undefined) return p.spec.example;
  const from = (examples: Json | undefined) => {
    if (!isObject(examples)) return undefined;
    for (const e of Object.values(examples)) {
      const v = refs.deref(e, p.file).value;
      if (isObject(v) && v.value !== undefined) return v.value;
    }
    return undefined;
  };
  const direct = from(p.spec.examples);
  if (direct !== undefined) return direct;
  if (isObject(p.spec.content)) for (const media of Object.values(p.spec.content)) if (isObject(media)) return media.example ?? from(media.examples);
  return undefined;
}

function firstContentSchema(content: Json | undefined): Json | undefined {
  if (!isObject(content)) return undefined;
  const first = Object.values(content)[0];
  return isObject(first) ? first.schema : undefined;
}

function schemaNote(schema: Json | undefined): string {
  if (!isObject(schema)) return 'no schema';
  const type = Array.isArray(schema.type) ? schema.type.join(' or ') : typeof schema.type === 'string' ? schema.type : 'untyped';
  return typeof schema.format === 'string' ? `${type}, ${schema.format}` : type;
}

/** A path or header value in `simple` style: lists and objects comma-joined. */
export function simpleStyle(v: Json, encode: (s: string) => string): string {
  if (Array.isArray(v)) return v.map((x) => simpleStyle(x, encode)).join(',');
  if (isObject(v)) return Object.entries(v).map(([k, x]) => `${encode(k)},${simpleStyle(x, encode)}`).join(',');
  return encode(v === null ? '' : String(v));
}

/** Query pairs in `form` style (explode unless the parameter turns it off). */
export function formPairs(p: Param, v: Json): Array<[string, string]> {
  const explode = p.spec.explode !== false;
  if (Array.isArray(v)) return explode ? v.map((x) => [p.name, simpleStyle(x, String)]) : [[p.name, simpleStyle(v, String)]];
  if (isObject(v)) return explode ? Object.entries(v).map(([k, x]) => [k, simpleStyle(x, String)]) : [[p.name, simpleStyle(v, String)]];
  return [[p.name, v === null ? '' : String(v)]];
}
