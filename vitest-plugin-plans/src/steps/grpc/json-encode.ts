/**
 * Request encoding: exact JSON text in, protobuf wire bytes out, by the proto3
 * JSON mapping (JSON or proto field names, enums by name or number, bytes as
 * base64, the well-known types in their JSON forms). 64-bit integers go from
 * the number's digits to the wire through bigint, never through a double.
 * Written on protobufjs's Writer rather than Type.encode: encode reads map keys
 * as JS strings and writes the map<bool, …> key "false" as true.
 */
import protobuf from 'protobufjs';
import type { Enum, Field, MapField, Type, Writer } from 'protobufjs';
import { parseJsonExact, type Value } from '../../expr/index.js';
import { didYouMean, fieldForKey, fieldKeys, fullName } from './lookup.js';
import { WKT, WRAPPERS, hasCustomJson, parseDuration, parseFieldMask, parseTimestamp, type SecondsNanos } from './wkt.js';

/** Keys and list indexes from the request's root to a value. */
export type JsonPath = Array<string | number>;

/** Encoded bytes, or what did not encode and where in the request. */
export type EncodeResult = { ok: true; bytes: Uint8Array } | { ok: false; message: string; path: JsonPath };

/**
 * Encodes one request message given as JSON text. Never throws on bad input.
 * @example encodeJson(root.lookupType('shop.GetRequest'), '{"id":12345678901234567890}')
 */
export function encodeJson(type: Type, text: string): EncodeResult {
  const parsed = parseJsonExact(text);
  if (!parsed.ok) return { ok: false, message: parsed.error.message, path: [] };
  try {
    const w = protobuf.Writer.create();
    message(w, type, parsed.value, []);
    return { ok: true, bytes: w.finish() };
  } catch (e) {
    if (e instanceof EncodeFault) return { ok: false, message: e.message, path: e.path };
    throw e;
  }
}

class EncodeFault extends Error {
  constructor(message: string, readonly path: JsonPath) {
    super(message);
  }
}

function fail(path: JsonPath, message: string): never {
  throw new EncodeFault(message, path);
}

function describe(v: Value): string {
  if (v.k === 'map') return 'an object';
  if (v.k === 'list') return 'a list';
  if (v.k === 'str') return `the string ${JSON.stringify(v.v)}`;
  if (v.k === 'num') return `the number ${v.text ?? v.v.toString()}`;
  if (v.k === 'bool') return String(v.v);
  return 'null';
}

/** Wire types by scalar type name (protobufjs's tables, indexed by a field's type string). */
const WIRE = protobuf.types.basic as Record<string, number>;
const MAP_KEY_WIRE = protobuf.types.mapKey as Record<string, number>;
const PACKABLE = protobuf.types.packed as Record<string, number>;

const tag = (id: number, wire: number): number => ((id << 3) | wire) >>> 0;

function message(w: Writer, type: Type, v: Value, path: JsonPath): void {
  const name = type.fullName;
  if (name === WKT.timestamp || name === WKT.duration) {
    const t = v.k === 'str' ? (name === WKT.timestamp ? parseTimestamp(v.v) : parseDuration(v.v)) : undefined;
    if (!t) fail(path, name === WKT.timestamp ? `expected an RFC 3339 timestamp like "2024-01-02T03:04:05Z", found ${describe(v)}` : `expected a duration like "1.5s", found ${describe(v)}`);
    return secondsNanos(w, t);
  }
  if (name === WKT.fieldMask) {
    if (v.k !== 'str') fail(path, `expected a field mask like "a.b,c", found ${describe(v)}`);
    for (const p of parseFieldMask(v.v)) w.uint32(tag(1, 2)).string(p);
    return;
  }
  if (WRAPPERS.has(name)) return single(w, type.fieldsById[1]!, 1, v, path);
  if (name === WKT.value) return jsonValue(w, type, v, path);
  if (name === WKT.struct) {
    if (v.k !== 'map') fail(path, `expected an object for google.protobuf.Struct, found ${describe(v)}`);
    const valueType = type.root.lookupType('google.protobuf.Value');
    for (const [k, x] of v.entries) {
      w.uint32(tag(1, 2)).fork().uint32(tag(1, 2)).string(k).uint32(tag(2, 2)).fork();
      jsonValue(w, valueType, x, [...path, k]);
      w.ldelim().ldelim();
    }
    return;
  }
  if (name === WKT.listValue) {
    if (v.k !== 'list') fail(path, `expected a list for google.protobuf.ListValue, found ${describe(v)}`);
    const valueType = type.root.lookupType('google.protobuf.Value');
    v.items.forEach((x, i) => {
      w.uint32(tag(1, 2)).fork();
      jsonValue(w, valueType, x, [...path, i]);
      w.ldelim();
    });
    return;
  }
  if (name === WKT.any) return any(w, type, v, path);
  if (v.k !== 'map') fail(path, `expected an object for ${fullName(type)}, found ${describe(v)}`);
  const oneofs = new Map<string, string>();
  for (const [key, x] of v.entries) {
    const f = fieldForKey(type, key);
    const at = [...path, key];
    if (!f) fail(at, `no field ${key} in ${fullName(type)}${didYouMean(key, fieldKeys(type))}`);
    f.resolve();
    // proto3 JSON: null means "the default", except where null is itself the value.
    if (x.k === 'nil' && !takesNull(f)) continue;
    if (f.partOf) {
      const other = oneofs.get(f.partOf.name);
      if (other !== undefined) fail(at, `${other} and ${key} are both in oneof ${f.partOf.name}; give one of them`);
      oneofs.set(f.partOf.name, key);
    }
    field(w, f, x, at);
  }
}

function takesNull(f: Field): boolean {
  const t = f.resolvedType?.fullName;
  return !f.repeated && (t === WKT.value || t === WKT.nullValue);
}

function field(w: Writer, f: Field, v: Value, path: JsonPath): void {
  if (f.delimited) fail(path, `field ${f.name} is a group, which is not supported`);
  if (f.map) {
    if (v.k !== 'map') fail(path, `field ${f.name} is a map: expected an object, found ${describe(v)}`);
    const keyType = (f as unknown as MapField).keyType;
    for (const [k, x] of v.entries) {
      w.uint32(tag(f.id, 2)).fork();
      w.uint32(tag(1, MAP_KEY_WIRE[keyType]!));
      scalar(w, keyType, keyValue(keyType, k), [...path, k]);
      single(w, f, 2, x, [...path, k]);
      w.ldelim();
    }
    return;
  }
  if (!f.repeated) return single(w, f, f.id, v, path);
  if (v.k !== 'list') fail(path, `field ${f.name} is repeated: expected a list, found ${describe(v)}`);
  const enumType = f.resolvedType instanceof protobuf.Enum;
  if (f.packed && (enumType || PACKABLE[f.type] !== undefined)) {
    w.uint32(tag(f.id, 2)).fork();
    v.items.forEach((x, i) => (enumType ? w.int32(enumNumber(f.resolvedType as Enum, x, [...path, i])) : scalar(w, f.type, x, [...path, i])));
    w.ldelim();
  } else v.items.forEach((x, i) => single(w, f, f.id, x, [...path, i]));
}

/** Map keys are JSON strings; a bool key is read back from its text, numeric keys by scalar() from theirs. */
function keyValue(keyType: string, k: string): Value {
  return keyType === 'bool' && (k === 'true' || k === 'false') ? { k: 'bool', v: k === 'true' } : { k: 'str', v: k };
}

/** One value of field `f` (an element of a repeated field, a map value) written under field number `id`. */
function single(w: Writer, f: Field, id: number, v: Value, path: JsonPath): void {
  const t = f.resolvedType;
  if (t instanceof protobuf.Type) {
    w.uint32(tag(id, 2)).fork();
    message(w, t, v, path);
    w.ldelim();
  } else if (t instanceof protobuf.Enum) {
    w.uint32(tag(id, 0)).int32(enumNumber(t, v, path));
  } else {
    w.uint32(tag(id, WIRE[f.type]!));
    scalar(w, f.type, v, path);
  }
}

function enumNumber(e: Enum, v: Value, path: JsonPath): number {
  if (e.fullName === WKT.nullValue && v.k === 'nil') return 0;
  if (v.k === 'str') {
    const n = e.values[v.v];
    if (n === undefined) fail(path, `no value ${v.v} in enum ${fullName(e)}${didYouMean(v.v, Object.keys(e.values))}`);
    return n;
  }
  // Enums are open in proto3: a number outside the declared values is sent as is.
  return Number(integer(v, path, -(2n ** 31n), 2n ** 31n - 1n, `enum ${fullName(e)}`));
}

const RANGES: Record<string, [bigint, bigint]> = {
  int32: [-(2n ** 31n), 2n ** 31n - 1n],
  sint32: [-(2n ** 31n), 2n ** 31n - 1n],
  sfixed32: [-(2n ** 31n), 2n ** 31n - 1n],
  uint32: [0n, 2n ** 32n - 1n],
  fixed32: [0n, 2n ** 32n - 1n],
  int64: [-(2n ** 63n), 2n ** 63n - 1n],
  sint64: [-(2n ** 63n), 2n ** 63n - 1n],
  sfixed64: [-(2n ** 63n), 2n ** 63n - 1n],
  uint64: [0n, 2n ** 64n - 1n],
  fixed64: [0n, 2n ** 64n - 1n],
};

/** A JSON number or decimal string that is a whole number within [min, max]. */
function integer(v: Value, path: JsonPath, min: bigint, max: bigint, what: string): bigint {
  let n: bigint | undefined;
  if (v.k === 'num' && v.v.isInteger()) n = v.v.num;
  else if (v.k === 'str' && /^-?\d+$/.test(v.v)) n = BigInt(v.v);
  if (n === undefined) fail(path, `expected an integer for ${what}, found ${describe(v)}`);
  if (n < min || n > max) fail(path, `${n} is out of range for ${what} (${min} to ${max})`);
  return n;
}

const FLOAT_MAX = 3.4028234663852886e38;
/** The strings proto3 JSON uses for the floats JSON numbers cannot write. */
const NON_FINITE = new Map([['NaN', NaN], ['Infinity', Infinity], ['-Infinity', -Infinity]]);

function scalar(w: Writer, type: string, v: Value, path: JsonPath): void {
  const range = RANGES[type];
  if (range) {
    const n = integer(v, path, range[0], range[1], type);
    if (type.endsWith('64')) {
      // Writer takes any {low, high}: the two's complement halves of the exact value.
      const u = BigInt.asUintN(64, n);
      const long = { low: Number(u & 0xffffffffn) | 0, high: Number(u >> 32n) | 0, unsigned: type === 'uint64' || type === 'fixed64' };
      (w[type as 'int64'] as (x: typeof long) => Writer)(long);
    } else (w[type as 'int32'] as (x: number) => Writer)(Number(n));
    return;
  }
  switch (type) {
    case 'double':
    case 'float': {
      const special = v.k === 'str' ? NON_FINITE.get(v.v) : undefined;
      const x = v.k === 'num' ? Number(v.text ?? v.v.toDecimal(40)) : v.k === 'str' && /^-?\d[\d.eE+-]*$/.test(v.v) ? Number(v.v) : special;
      if (x === undefined || Number.isNaN(x) !== (special !== undefined && Number.isNaN(special))) fail(path, `expected a number for ${type}, found ${describe(v)}`);
      if (special === undefined && (!Number.isFinite(x) || (type === 'float' && Math.abs(x) > FLOAT_MAX))) fail(path, `${describe(v)} is out of range for ${type}`);
      w[type](x);
      return;
    }
    case 'bool':
      if (v.k !== 'bool') fail(path, `expected true or false, found ${describe(v)}`);
      w.bool(v.v);
      return;
    case 'string':
      if (v.k !== 'str') fail(path, `expected a string, found ${describe(v)}`);
      w.string(v.v);
      return;
    case 'bytes':
      // Standard or URL-safe base64, padding optional (proto3 JSON accepts both alphabets).
      if (v.k !== 'str' || !/^[A-Za-z0-9+/_-]*={0,2}$/.test(v.v)) fail(path, `expected base64 text for bytes, found ${describe(v)}`);
      w.bytes(Buffer.from(v.v, 'base64'));
      return;
    default:
      fail(path, `unsupported field type ${type}`);
  }
}

function secondsNanos(w: Writer, t: SecondsNanos): void {
  if (t.seconds !== 0n) scalar(w.uint32(tag(1, 0)), 'int64', { k: 'str', v: t.seconds.toString() }, []);
  if (t.nanos !== 0) w.uint32(tag(2, 0)).int32(t.nanos);
}

/** google.protobuf.Value from any JSON: its kind follows the JSON type (struct.proto). */
function jsonValue(w: Writer, valueType: Type, v: Value, path: JsonPath): void {
  const root = valueType.root;
  if (v.k === 'nil') w.uint32(tag(1, 0)).int32(0);
  else if (v.k === 'num') w.uint32(tag(2, 1)).double(Number(v.text ?? v.v.toDecimal(40)));
  else if (v.k === 'str') w.uint32(tag(3, 2)).string(v.v);
  else if (v.k === 'bool') w.uint32(tag(4, 0)).bool(v.v);
  else if (v.k === 'map' || v.k === 'list') {
    w.uint32(tag(v.k === 'map' ? 5 : 6, 2)).fork();
    message(w, root.lookupType(v.k === 'map' ? 'google.protobuf.Struct' : 'google.protobuf.ListValue'), v, path);
    w.ldelim();
  } else fail(path, `unsupported JSON value`);
}

function any(w: Writer, anyType: Type, v: Value, path: JsonPath): void {
  if (v.k !== 'map') fail(path, `expected an object with "@type" for google.protobuf.Any, found ${describe(v)}`);
  const url = v.entries.get('@type');
  if (url?.k !== 'str') fail(path, 'google.protobuf.Any needs "@type": "type.googleapis.com/<full type name>"');
  let inner: Type;
  try {
    inner = anyType.root.lookupType(url.v.slice(url.v.lastIndexOf('/') + 1));
  } catch {
    return fail([...path, '@type'], `type ${url.v} is not in the proto files`);
  }
  const body = protobuf.Writer.create();
  if (hasCustomJson(inner.fullName)) message(body, inner, v.entries.get('value') ?? { k: 'nil' }, [...path, 'value']);
  else message(body, inner, { k: 'map', entries: new Map([...v.entries].filter(([k]) => k !== '@type')) }, path);
  w.uint32(tag(1, 2)).string(url.v).uint32(tag(2, 2)).bytes(body.finish());
}
