/**
 * OpenAPI versions the matcher reads, and an OpenAPI 3.0 document rewritten
 * so that its Schema Objects are JSON Schema 2020-12. The matcher has one
 * validator, Ajv2020; 3.1 schemas are 2020-12 already (OpenAPI 3.1 §4.8.24),
 * while 3.0 schemas are an "extended subset" of JSON Schema draft Wright-00
 * (OpenAPI 3.0.3 §4.7.24). Only the differences that change a verdict are
 * rewritten:
 * - `nullable: true` adds "null" to `type` (and null to `enum`); 3.0.3 says
 *   it does so "only if type is explicitly defined within the same Schema
 *   Object", so without `type` it is dropped. It is always dropped from the
 *   result: Ajv knows `nullable` itself and refuses it beside no `type`.
 * - `exclusiveMinimum: true` beside `minimum: x` is draft-00's spelling of
 *   2020-12's `exclusiveMinimum: x` (same for maximum); a false or lone one
 *   means nothing. Ajv would refuse a boolean there.
 * - A Reference Object "cannot be extended with additional properties and
 *   any properties added SHALL be ignored" (3.0.3 §4.7.26), whereas 2020-12
 *   applies a `$ref`'s siblings: they are dropped.
 * Left alone on purpose: `example`, `discriminator`, `xml` and `x-` keys are
 * annotations, and the shared Ajv is not strict, so it skips them; 3.0's
 * formats (int32, int64, float, double, byte, binary, password) are all known
 * to ajv-formats, exactly as in the 3.1 path.
 */
import { NIL, list, map, numText, str, toJs, type Value } from '../values.js';

/** An OpenAPI version the matcher reads, or the load error that names the one it does not. */
export type OpenApiVersion = { ok: true; minor: '3.0' | '3.1' } | { ok: false; message: string };

/**
 * The dialect of a document's root, from its `openapi` (or Swagger 2.0's `swagger`) field.
 * @example openApiVersion(root, 'openapi a.yaml') // { ok: false, message: 'openapi a.yaml: version 4.0.0 is not supported; only OpenAPI 3.0 and 3.1 are' }
 */
export function openApiVersion(root: Value, where: string): OpenApiVersion {
  const field = (k: string) => (root.k === 'map' ? root.entries.get(k) : undefined);
  const text = (v: Value) => (v.k === 'str' ? v.v : v.k === 'num' ? numText(v) : String(toJs(v)));
  const version = field('openapi');
  // Patch releases only clarify (3.0.0–3.0.4, 3.1.0–3.1.1), so any patch of a known minor is read.
  const m = version && version.k === 'str' ? /^3\.([01])(\.\d+)?$/.exec(version.v) : null;
  if (m) return { ok: true, minor: m[1] === '0' ? '3.0' : '3.1' };
  const swagger = field('swagger');
  if (!version && swagger) return { ok: false, message: `${where}: Swagger ${text(swagger)} is not supported; only OpenAPI 3.0 and 3.1 are (convert the document to OpenAPI 3 first)` };
  // YAML reads `openapi: 3.0` as a number; the field is a string (3.0.3 §4.7.1).
  const hint = version && version.k === 'num' ? ' (quote it: the openapi field is a string)' : '';
  return { ok: false, message: `${where}: version ${version ? text(version) : '(none)'} is not supported; only OpenAPI 3.0 and 3.1 are${hint}` };
}

/**
 * Values that are data, never schemas or other OpenAPI objects: left as
 * written (an `enum` holding `{nullable: true}` is a value to compare with).
 */
const DATA_KEYS = new Set(['enum', 'const', 'default', 'example', 'examples']);

/**
 * Maps keyed by names the author chose: a property called `default` or
 * `enum` is a schema there, and `responses.default` is a Response Object.
 */
const NAME_MAPS = new Set(['properties', 'patternProperties', 'definitions', '$defs', 'schemas', 'responses', 'parameters', 'requestBodies', 'headers', 'content', 'encoding', 'callbacks', 'links', 'paths']);

/**
 * One file of an OpenAPI 3.0 document (the root, or a sibling a `$ref`
 * reaches) with every Schema Object in JSON Schema 2020-12 terms. The file is
 * walked whole rather than from schema locations along `$ref`s, so a `$ref`
 * target is rewritten where it sits, whichever file holds it, each object is
 * visited once, and a cycle of `$ref`s cannot loop. The result is a new value;
 * the parsed one is not changed.
 * @example normalizeOpenApi30(parsed('{type: string, nullable: true}')) // {type: [string, null]}
 */
export function normalizeOpenApi30(v: Value): Value {
  return walk(v, false);
}

function walk(v: Value, names: boolean): Value {
  if (v.k === 'list') return list(v.items.map((x) => walk(x, false)));
  if (v.k !== 'map') return v;
  if (names) return map([...v.entries].map(([k, x]) => [k, walk(x, false)] as [string, Value]));
  const ref = v.entries.get('$ref');
  if (ref && ref.k === 'str') return v.entries.size === 1 ? v : map([['$ref', ref]]);
  const out = new Map<string, Value>();
  for (const [k, x] of v.entries) out.set(k, DATA_KEYS.has(k) || k.startsWith('x-') ? x : walk(x, NAME_MAPS.has(k)));
  nullable(out);
  bound(out, 'minimum', 'exclusiveMinimum');
  bound(out, 'maximum', 'exclusiveMaximum');
  return map(out);
}

function nullable(s: Map<string, Value>): void {
  const flag = s.get('nullable');
  if (!flag || flag.k !== 'bool') return;
  s.delete('nullable');
  const type = s.get('type');
  if (!flag.v || !type) return;
  const types = type.k === 'list' ? type.items : [type];
  if (!types.some((t) => t.k === 'str' && t.v === 'null')) s.set('type', list([...types, str('null')]));
  const values = s.get('enum');
  if (values && values.k === 'list' && !values.items.some((x) => x.k === 'nil')) s.set('enum', list([...values.items, NIL]));
}

function bound(s: Map<string, Value>, plain: 'minimum' | 'maximum', exclusive: 'exclusiveMinimum' | 'exclusiveMaximum'): void {
  const flag = s.get(exclusive);
  // A number is 2020-12's spelling already (a 3.1 habit in a 3.0 file): kept.
  if (!flag || flag.k !== 'bool') return;
  s.delete(exclusive);
  const limit = s.get(plain);
  if (!flag.v || !limit) return;
  s.delete(plain);
  s.set(exclusive, limit);
}
