/** Run-time values of the assertion language (a tagged union keeping numbers exact), their constructors, and conversions to and from JS. */
import { Rational } from './rational.js';

/**
 * Runtime values of the assertion language. A tagged union rather than JS
 * values so numbers stay exact, durations stay typed, headers stay
 * case-insensitive and a phase that did not happen stays `n/a`.
 */
export type Value =
  | NilValue
  | { readonly k: 'bool'; readonly v: boolean }
  | NumValue
  | { readonly k: 'str'; readonly v: string }
  | DurValue
  | NaValue
  | ListValue
  | MapValue
  | HeadersValue;

export interface NilValue {
  readonly k: 'nil';
}
export interface NumValue {
  readonly k: 'num';
  readonly v: Rational;
  /** The source text (JSON or literal) when the number was written, printed as written. */
  readonly text?: string;
}
export interface DurValue {
  readonly k: 'dur';
  /** Exact nanoseconds. */
  readonly ns: Rational;
}
/** A timing phase that did not happen (spec: on a reused connection dns, connect and tls are n/a). */
export interface NaValue {
  readonly k: 'na';
}
/** What a list holds, so explain can print responses by status and rows cut at 200 characters. */
export type ListTag = 'responses' | 'rows' | 'messages' | 'redirects';
export interface ListValue {
  readonly k: 'list';
  readonly items: readonly Value[];
  readonly tag?: ListTag;
}
/** `response` maps print as `HTTP 200`; `phases` is the `duration` record. */
export type MapTag = 'response' | 'phases' | 'request' | 'record';
export interface MapValue {
  readonly k: 'map';
  readonly entries: ReadonlyMap<string, Value>;
  readonly tag?: MapTag;
  /**
   * A response of a `repeat` step: which repetition it answered. A failure
   * names it by this, not by its place in a list: a parallel repeat cannot
   * be indexed (`responses[N]` is a load error), and a filtered list renumbers.
   */
  readonly repeat?: RepeatPosition;
}
/** A repetition of a `repeat` step: 0-based `index` in send order, of `count`. */
export interface RepeatPosition {
  readonly index: number;
  readonly count: number;
  readonly parallel: boolean;
}
/** Header map: keys lower-cased; `names` keeps the names as received, for display. */
export interface HeadersValue {
  readonly k: 'headers';
  readonly entries: ReadonlyMap<string, string>;
  readonly names: readonly string[];
}

export const NIL: NilValue = { k: 'nil' };
export const NA: NaValue = { k: 'na' };
export const TRUE: Value = { k: 'bool', v: true };
export const FALSE: Value = { k: 'bool', v: false };

/** Builds a boolean value. */
export function bool(v: boolean): Value {
  return v ? TRUE : FALSE;
}
/** Builds a string value. */
export function str(v: string): Value {
  return { k: 'str', v };
}
/** Builds a number value from a rational, a JS number, a bigint or exact decimal text. */
export function num(v: Rational | number | bigint | string): NumValue {
  if (v instanceof Rational) return { k: 'num', v };
  if (typeof v === 'bigint') return { k: 'num', v: Rational.of(v) };
  if (typeof v === 'string') {
    const r = Rational.parse(v);
    if (!r) throw new RangeError(`not a number: ${v}`);
    return { k: 'num', v: r, text: v };
  }
  return { k: 'num', v: Rational.fromNumber(v) };
}
/** Builds a duration value from exact nanoseconds. */
export function dur(ns: Rational): DurValue {
  return { k: 'dur', ns };
}
/** Builds a list value. */
export function list(items: readonly Value[], tag?: ListTag): ListValue {
  return tag ? { k: 'list', items, tag } : { k: 'list', items };
}
/** Builds a map value from an object or entries. */
export function map(entries: Record<string, Value> | Iterable<[string, Value]>, tag?: MapTag): MapValue {
  const m = new Map<string, Value>(Symbol.iterator in entries ? (entries as Iterable<[string, Value]>) : Object.entries(entries));
  return tag ? { k: 'map', entries: m, tag } : { k: 'map', entries: m };
}
/**
 * Builds a header map. Repeated headers are joined with `, ` (RFC 9110 §5.3).
 * @example headers({ 'Retry-After': '3' }).entries.get('retry-after') // '3'
 */
export function headers(input: Record<string, string | readonly string[] | undefined> | Iterable<[string, string]>): HeadersValue {
  const entries = new Map<string, string>();
  const names: string[] = [];
  const pairs: Iterable<[string, string | readonly string[] | undefined]> =
    Symbol.iterator in input ? (input as Iterable<[string, string]>) : Object.entries(input);
  for (const [name, raw] of pairs) {
    if (raw === undefined) continue;
    const value = typeof raw === 'string' ? raw : raw.join(', ');
    const key = name.toLowerCase();
    const prev = entries.get(key);
    if (prev === undefined) names.push(name);
    entries.set(key, prev === undefined ? value : `${prev}, ${value}`);
  }
  return { k: 'headers', entries, names };
}

/**
 * Converts a plain JS value (JSON-like) into a Value. Numbers become exact
 * rationals of their shortest round-trip text; use `parseJsonExact` for bodies,
 * where the source text must survive.
 */
export function fromJs(v: unknown): Value {
  if (v === null || v === undefined) return NIL;
  if (typeof v === 'boolean') return bool(v);
  if (typeof v === 'number') return Number.isFinite(v) ? num(v) : str(String(v));
  if (typeof v === 'bigint') return num(v);
  if (typeof v === 'string') return str(v);
  if (Array.isArray(v)) return list(v.map(fromJs));
  if (v instanceof Rational) return num(v);
  if (typeof v === 'object' && 'k' in (v as object) && isValue(v)) return v;
  if (typeof v === 'object') return map(Object.entries(v as Record<string, unknown>).map(([k, x]) => [k, fromJs(x)] as [string, Value]));
  return str(String(v));
}

function isValue(v: unknown): v is Value {
  const k = (v as { k?: unknown }).k;
  return typeof k === 'string' && ['nil', 'bool', 'num', 'str', 'dur', 'na', 'list', 'map', 'headers'].includes(k);
}

/**
 * Converts a Value to plain JS: numbers become JS numbers (lossy past 2^53;
 * use `toJsonText` to keep them exact), durations milliseconds, n/a null.
 */
export function toJs(v: Value): unknown {
  switch (v.k) {
    case 'nil':
    case 'na':
      return null;
    case 'bool':
    case 'str':
      return v.v;
    case 'num':
      return v.v.toNumber();
    case 'dur':
      return v.ns.div(Rational.of(1_000_000n)).toNumber();
    case 'list':
      return v.items.map(toJs);
    case 'map':
      return Object.fromEntries([...v.entries].map(([k, x]) => [k, toJs(x)]));
    case 'headers':
      return Object.fromEntries(v.entries);
  }
}

/** The type name used in messages: `number`, `string`, `duration`, `list` … */
export function kindName(v: Value): string {
  switch (v.k) {
    case 'nil':
      return 'nil';
    case 'bool':
      return 'boolean';
    case 'num':
      return 'number';
    case 'str':
      return 'string';
    case 'dur':
      return 'duration';
    case 'na':
      return 'n/a';
    case 'list':
      return 'list';
    case 'map':
      return v.tag === 'response' ? 'response' : 'map';
    case 'headers':
      return 'headers';
  }
}

/** Prints a number as written when its text is known, else as an exact decimal. */
export function numText(v: NumValue): string {
  return v.text ?? v.v.toDecimal();
}
