/**
 * The text forms of the well-known types whose proto3 JSON is a string:
 * Timestamp (RFC 3339), Duration ("1.5s") and FieldMask ("a.fooBar,b").
 * Pure conversions shared by the request encoder and the response decoder;
 * seconds travel as bigint because both types allow ±10^11 s and more than 2^53 ns.
 */

/** Seconds of 0001-01-01T00:00:00Z and 9999-12-31T23:59:59Z: the range timestamp.proto allows. */
const TIMESTAMP_MIN = -62135596800n;
const TIMESTAMP_MAX = 253402300799n;
/** ±10000 years, the range duration.proto allows. */
const DURATION_MAX = 315576000000n;

/** The names whose JSON form is not an object of fields (proto3 JSON mapping table). */
export const WKT = {
  timestamp: '.google.protobuf.Timestamp',
  duration: '.google.protobuf.Duration',
  fieldMask: '.google.protobuf.FieldMask',
  struct: '.google.protobuf.Struct',
  value: '.google.protobuf.Value',
  listValue: '.google.protobuf.ListValue',
  nullValue: '.google.protobuf.NullValue',
  any: '.google.protobuf.Any',
} as const;

/** Wrapper types: their JSON is the wrapped scalar itself. */
export const WRAPPERS = new Set(
  ['Double', 'Float', 'Int64', 'UInt64', 'Int32', 'UInt32', 'Bool', 'String', 'Bytes'].map((n) => `.google.protobuf.${n}Value`),
);

/** True for a type whose JSON is not an object of fields; inside an Any such a value sits under "value". */
export function hasCustomJson(fullName: string): boolean {
  return WRAPPERS.has(fullName) || (Object.values(WKT) as string[]).includes(fullName);
}

/** Seconds and nanoseconds, the fields of both Timestamp and Duration. */
export interface SecondsNanos {
  seconds: bigint;
  nanos: number;
}

/** 0, 3, 6 or 9 fraction digits, as the reference JSON printers write them. */
function fraction(nanos: number): string {
  if (nanos === 0) return '';
  const nine = String(nanos).padStart(9, '0');
  if (nanos % 1_000_000 === 0) return `.${nine.slice(0, 3)}`;
  if (nanos % 1_000 === 0) return `.${nine.slice(0, 6)}`;
  return `.${nine}`;
}

/** Nanoseconds of a fraction's digits (up to 9). */
function nanosOf(digits: string | undefined): number {
  return digits ? Number(digits.padEnd(9, '0')) : 0;
}

/** `2024-01-02T03:04:05.500Z`, or undefined outside the Timestamp range or with nanos outside 0..999999999. */
export function formatTimestamp(t: SecondsNanos): string | undefined {
  if (t.seconds < TIMESTAMP_MIN || t.seconds > TIMESTAMP_MAX || t.nanos < 0 || t.nanos > 999_999_999) return undefined;
  const iso = new Date(Number(t.seconds) * 1000).toISOString();
  return `${iso.slice(0, 19)}${fraction(t.nanos)}Z`;
}

const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(?:([Zz])|([+-])(\d{2}):(\d{2}))$/;

/** Parses an RFC 3339 timestamp (any offset, up to 9 fraction digits) into UTC seconds and nanos. */
export function parseTimestamp(text: string): SecondsNanos | undefined {
  const m = RFC3339.exec(text);
  if (!m) return undefined;
  const [y, mo, d, h, mi, s] = m.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  // Date.UTC maps years 0–99 to 1900–1999, so the year is set on its own.
  const date = new Date(0);
  date.setUTCFullYear(y, mo - 1, d);
  date.setUTCHours(h, mi, s, 0);
  // A day or hour out of range rolls over in Date; refuse it instead.
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d || h > 23 || mi > 59 || s > 59) return undefined;
  let seconds = BigInt(date.getTime() / 1000);
  if (m[9]) {
    const offset = BigInt(Number(m[10]) * 3600 + Number(m[11]) * 60);
    seconds += m[9] === '+' ? -offset : offset;
  }
  if (seconds < TIMESTAMP_MIN || seconds > TIMESTAMP_MAX) return undefined;
  return { seconds, nanos: nanosOf(m[7]) };
}

/** `1.5s`, `-0.250s`, `3s`; undefined outside the Duration range or with mismatched signs. */
export function formatDuration(t: SecondsNanos): string | undefined {
  const neg = t.seconds < 0n || t.nanos < 0;
  if ((t.seconds > 0n && t.nanos < 0) || (t.seconds < 0n && t.nanos > 0)) return undefined;
  const s = t.seconds < 0n ? -t.seconds : t.seconds;
  const n = Math.abs(t.nanos);
  if (s > DURATION_MAX || n > 999_999_999) return undefined;
  return `${neg ? '-' : ''}${s}${fraction(n)}s`;
}

/** Parses `1.5s` / `-3s` / `0.000000001s` into seconds and nanos carrying the same sign. */
export function parseDuration(text: string): SecondsNanos | undefined {
  const m = /^(-)?(\d+)(?:\.(\d{1,9}))?s$/.exec(text);
  if (!m) return undefined;
  const s = BigInt(m[2]!);
  if (s > DURATION_MAX) return undefined;
  const n = nanosOf(m[3]);
  return m[1] ? { seconds: -s, nanos: -n } : { seconds: s, nanos: n };
}

/** FieldMask paths (`user.display_name`) as JSON: lowerCamel segments joined by commas. */
export function formatFieldMask(paths: readonly string[]): string {
  return paths.map((p) => p.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase())).join(',');
}

/** JSON FieldMask text back to proto paths; the empty string is the empty mask. */
export function parseFieldMask(text: string): string[] {
  if (text === '') return [];
  return text.split(',').map((p) => p.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`));
}
