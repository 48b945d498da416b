/**
 * Response decoding: protobuf wire bytes in, exact JSON text out, by the proto3
 * JSON mapping with one departure: int64/uint64 (and their fixed/sint kinds) are
 * bare JSON numbers with every digit, not strings, so `parseJsonExact` reads
 * them as exact integers and `body.id == 12345678901234567890` holds.
 *
 * Defaults: a field without presence (a proto3 scalar, enum, repeated or map
 * field) is always written, at its default when absent (protoc's
 * always_print_fields_with_no_presence), so `body.count == 0` holds for a count
 * the server left at zero. A field with presence (a message, a oneof member, a
 * proto3 `optional` or proto2 optional field) is written only when set.
 * Keys are JSON names (lowerCamel or json_name), in field-number order.
 */
import protobuf from 'protobufjs';
import type { Enum, Field, MapField, Type } from 'protobufjs';
import { jsonNameOf } from './lookup.js';
import { WKT, WRAPPERS, hasCustomJson, formatDuration, formatFieldMask, formatTimestamp } from './wkt.js';

type Msg = Record<string, unknown>;

/**
 * Decodes one message and writes it as JSON text. Throws an Error naming the
 * fault when the bytes are not a `type` message or hold an unwritable value.
 * @example decodeToJson(root.lookupType('shop.Order'), bytes) // '{"id":12345678901234567890,…}'
 */
export function decodeToJson(type: Type, bytes: Uint8Array): string {
  return writeMessage(type, type.decode(bytes) as unknown as Msg);
}

const own = (m: Msg, f: Field): boolean => Object.prototype.hasOwnProperty.call(m, f.name) && m[f.name] != null;
/** WKT fields are read by number: protobufjs's bundled copies use camelCase names, parsed files snake_case. */
const byId = (t: Type, id: number): Field => t.fieldsById[id]!;
const get = (t: Type, m: Msg, id: number): unknown => (own(m, byId(t, id)) ? m[byId(t, id).name] : undefined);

function writeMessage(type: Type, m: Msg): string {
  const special = writeWellKnown(type, m);
  if (special !== undefined) return special;
  const parts: string[] = [];
  for (const f of byNumber(type)) {
    f.resolve();
    const v = own(m, f) ? m[f.name] : undefined;
    let text: string | undefined;
    if (f.map) text = writeMap(f, (v ?? {}) as Msg);
    else if (f.repeated) text = `[${((v ?? []) as unknown[]).map((x) => writeSingle(f, x)).join(',')}]`;
    else if (v !== undefined) text = writeSingle(f, v);
    else if (!presence(f)) text = defaultText(f);
    if (text !== undefined) parts.push(`${JSON.stringify(jsonNameOf(f))}:${text}`);
  }
  return `{${parts.join(',')}}`;
}

const ordered = new WeakMap<Type, Field[]>();
/** Fields in field-number order, as protoc's JSON printer writes them (and stable however the Root was built). */
function byNumber(type: Type): Field[] {
  let fields = ordered.get(type);
  if (!fields) ordered.set(type, (fields = [...type.fieldsArray].sort((a, b) => a.id - b.id)));
  return fields;
}

function presence(f: Field): boolean {
  return f.resolvedType instanceof protobuf.Type || f.partOf != null || f.hasPresence;
}

function writeSingle(f: Field, v: unknown): string {
  const t = f.resolvedType;
  if (t instanceof protobuf.Type) return writeMessage(t, v as Msg);
  if (t instanceof protobuf.Enum) return enumText(t, v as number);
  return scalarText(f.type, v);
}

function writeMap(f: Field, obj: Msg): string {
  const keyType = (f as unknown as MapField).keyType;
  const unsigned = keyType === 'uint64' || keyType === 'fixed64';
  const parts = Object.keys(obj).map((k) => {
    // protobufjs keys a 64-bit map by the 8-character hash of the Long (util.longToHash).
    const key = keyType.endsWith('64') && !/^-?\d+$/.test(k) ? longText(protobuf.util.longFromHash(k, unsigned), unsigned) : k;
    return `${JSON.stringify(key)}:${writeSingle(f, obj[k])}`;
  });
  return `{${parts.join(',')}}`;
}

function enumText(e: Enum, n: number): string {
  if (e.fullName === WKT.nullValue) return 'null';
  const name = e.valuesById[n];
  // An open proto3 enum may carry a number the schema does not name: write the number.
  return name === undefined ? String(n) : JSON.stringify(name);
}

function defaultText(f: Field): string {
  const t = f.resolvedType;
  if (t instanceof protobuf.Enum) return enumText(t, 0);
  if (f.type === 'string' || f.type === 'bytes') return '""';
  if (f.type === 'bool') return 'false';
  return '0';
}

/** The exact decimal of a protobufjs Long ({low, high}) through bigint. */
function longText(v: unknown, unsigned: boolean): string {
  if (typeof v === 'number' || typeof v === 'string') return String(v);
  const l = v as { low: number; high: number };
  const u = (BigInt(l.high >>> 0) << 32n) | BigInt(l.low >>> 0);
  return (unsigned ? u : BigInt.asIntN(64, u)).toString();
}

function nonFinite(n: number): string {
  return Number.isNaN(n) ? '"NaN"' : n > 0 ? '"Infinity"' : '"-Infinity"';
}

/** The shortest decimal that reads back as the same float32 (0.1f prints 0.1, not 0.10000000149011612). */
function floatText(n: number): string {
  if (!Number.isFinite(n)) return nonFinite(n);
  for (let p = 1; p <= 9; p++) {
    const s = Number(n.toPrecision(p));
    if (Math.fround(s) === n) return String(s);
  }
  return String(n);
}

function scalarText(type: string, v: unknown): string {
  switch (type) {
    case 'int64':
    case 'sint64':
    case 'sfixed64':
      return longText(v, false);
    case 'uint64':
    case 'fixed64':
      return longText(v, true);
    case 'double':
      return Number.isFinite(v) ? String(v) : nonFinite(v as number);
    case 'float':
      return floatText(v as number);
    case 'string':
      return JSON.stringify(v);
    case 'bytes':
      return JSON.stringify(Buffer.from(v as Uint8Array).toString('base64'));
    default:
      return String(v);
  }
}

/** The JSON of a well-known type with a custom form, or undefined for any other type. */
function writeWellKnown(t: Type, m: Msg): string | undefined {
  const name = t.fullName;
  if (name === WKT.timestamp || name === WKT.duration) {
    const sn = { seconds: BigInt(longText(get(t, m, 1) ?? 0, false)), nanos: (get(t, m, 2) as number | undefined) ?? 0 };
    const text = name === WKT.timestamp ? formatTimestamp(sn) : formatDuration(sn);
    if (text === undefined) throw new Error(`${name.slice(1)} out of range: ${sn.seconds} s ${sn.nanos} ns`);
    return JSON.stringify(text);
  }
  if (name === WKT.fieldMask) return JSON.stringify(formatFieldMask((get(t, m, 1) as string[] | undefined) ?? []));
  if (WRAPPERS.has(name)) {
    const f = byId(t, 1);
    const v = get(t, m, 1);
    return v === undefined ? defaultText(f) : scalarText(f.type, v);
  }
  if (name === WKT.struct) {
    const fields = (get(t, m, 1) ?? {}) as Msg;
    const valueType = t.root.lookupType('google.protobuf.Value');
    return `{${Object.keys(fields).map((k) => `${JSON.stringify(k)}:${writeMessage(valueType, fields[k] as Msg)}`).join(',')}}`;
  }
  if (name === WKT.listValue) {
    const valueType = t.root.lookupType('google.protobuf.Value');
    return `[${((get(t, m, 1) ?? []) as Msg[]).map((x) => writeMessage(valueType, x)).join(',')}]`;
  }
  if (name === WKT.value) {
    const n = get(t, m, 2);
    if (n !== undefined) return Number.isFinite(n) ? String(n) : nonFinite(n as number);
    const s = get(t, m, 3);
    if (s !== undefined) return JSON.stringify(s);
    const b = get(t, m, 4);
    if (b !== undefined) return String(b);
    for (const [id, wkt] of [[5, 'google.protobuf.Struct'], [6, 'google.protobuf.ListValue']] as const) {
      const x = get(t, m, id);
      if (x !== undefined) return writeMessage(t.root.lookupType(wkt), x as Msg);
    }
    return 'null';
  }
  if (name === WKT.any) return writeAny(t, m);
  return undefined;
}

function writeAny(t: Type, m: Msg): string {
  const url = (get(t, m, 1) as string | undefined) ?? '';
  if (url === '') return '{}';
  let inner: Type;
  try {
    inner = t.root.lookupType(url.slice(url.lastIndexOf('/') + 1));
  } catch {
    throw new Error(`google.protobuf.Any holds ${url}, a type not in the proto files`);
  }
  const bytes = (get(t, m, 2) as Uint8Array | undefined) ?? new Uint8Array();
  const body = writeMessage(inner, inner.decode(bytes) as unknown as Msg);
  const head = `"@type":${JSON.stringify(url)}`;
  if (hasCustomJson(inner.fullName)) return `{${head},"value":${body}}`;
  return body === '{}' ? `{${head}}` : `{${head},${body.slice(1)}`;
}
