/**
 * The `json` copy of a value (Result.json) and the JSON writer that keeps every digit.
 *
 * Decisions (service/docs/values.md):
 *   - Exact integers: a JSON number with all their digits (`RawJsonNumber`, never a double).
 *   - Exact rationals: the nearest double, in the shortest form that reads back to it (JSON
 *     has no fractions; `value` keeps `1/3` exact).
 *   - Inexact reals: their Scheme text (`1.0`, `0.1`, `1e21`) when that is a JSON number;
 *     `+inf.0`, `-inf.0`, `+nan.0` → null.
 *   - Strings and symbols → strings; characters → one-character strings; booleans.
 *   - Proper lists and vectors → arrays, recursively; `()` → `[]`; bytevectors → arrays of
 *     byte numbers; several values (`values`) → an array of their copies.
 *   - null: improper lists, cyclic structure (anywhere inside), procedures, records, record
 *     types, error objects, eof, unspecified, opaque objects.
 *   - The whole copy is null when it would nest deeper than MAX_JSON_DEPTH or hold more than
 *     `maxNodes` elements, bytes included (a shared DAG can expand exponentially); `value`
 *     still prints.
 *
 * Both directions are iterative: no JS recursion over the depth of the data.
 */
import {
  Bytevector,
  Char,
  Flonum,
  MString,
  MultipleValues,
  Nil,
  Pair,
  Ratnum,
  SVector,
  Sym,
  type Value,
} from './values.js';
import { numberToJson } from './numbers/index.js';

import { RawJsonNumber } from './json-stringify.js';

export { RawJsonNumber, stringifyJson } from './json-stringify.js';

/** What `toJson` produces. */
export type JsonValue = null | boolean | string | RawJsonNumber | JsonValue[];

/** Deepest array nesting of a json copy; deeper values give a null copy. */
export const MAX_JSON_DEPTH = 1000;
/**
 * Default bound on the array elements of one json copy; more gives a null copy. A copy that
 * size is already about a megabyte of JSON text.
 */
export const MAX_JSON_NODES = 100_000;

export interface JsonOptions {
  /** Most array elements in the copy (default MAX_JSON_NODES). */
  maxNodes?: number;
}

function numberJson(v: number | bigint | Ratnum | Flonum): JsonValue {
  const text = numberToJson(v);
  return text === 'null' ? null : new RawJsonNumber(text);
}

/** Thrown inside the copy when the whole copy must be null (cycle, too deep, too big). */
class NoCopy extends Error {}

/** Copy of an atom; `undefined` when `v` is a list or vector (handled by the caller). */
function atomJson(v: Value, budget: { left: number }): JsonValue | undefined {
  if (typeof v === 'number' || typeof v === 'bigint' || v instanceof Ratnum || v instanceof Flonum) return numberJson(v);
  if (typeof v === 'boolean') return v;
  if (v instanceof MString) return v.chars;
  if (v instanceof Sym) return v.name;
  if (v instanceof Char) return String.fromCodePoint(v.code);
  if (v instanceof Nil) return [];
  if (v instanceof Bytevector) {
    budget.left -= v.bytes.length;
    if (budget.left < 0) throw new NoCopy();
    return Array.from(v.bytes, (b) => new RawJsonNumber(String(b)));
  }
  if (v instanceof Pair || v instanceof SVector || v instanceof MultipleValues) return undefined;
  return null;
}

/**
 * Elements and spine of a proper list; 'improper' for a dotted list; 'cycle' when the spine
 * loops or reaches a pair already being copied (an ancestor).
 */
function listItems(p: Pair, onPath: Set<object>): { items: Value[]; spine: Pair[] } | 'improper' | 'cycle' {
  const items: Value[] = [];
  const spine: Pair[] = [];
  const seen = new Set<Pair>();
  let v: Value = p;
  while (v instanceof Pair) {
    if (seen.has(v) || onPath.has(v)) return 'cycle';
    seen.add(v);
    spine.push(v);
    items.push(v.car);
    v = v.cdr;
  }
  if (!(v instanceof Nil)) return 'improper';
  for (const s of spine) onPath.add(s);
  return { items, spine };
}

/** A list or vector being copied: its source elements, its copy so far, what to unmark. */
interface Frame {
  items: readonly Value[];
  out: JsonValue[];
  marks: object[];
}


/**
 * The json copy of `v`.
 *
 * @example
 * stringifyJson(toJson(list(1, sym('a'), new MString('b')))) // '[1,"a","b"]'
 */
export function toJson(v: Value, opts: JsonOptions = {}): JsonValue {
  const budget = { left: opts.maxNodes ?? MAX_JSON_NODES };
  const onPath = new Set<object>();
  /** Start copying a list or vector: its frame, or null when it has no json copy. */
  const open = (c: Pair | SVector | MultipleValues): Frame | null => {
    if (c instanceof SVector || c instanceof MultipleValues) {
      if (onPath.has(c)) throw new NoCopy();
      onPath.add(c);
      const items = c instanceof SVector ? c.items : c.values;
      return { items, out: [], marks: [c] };
    }
    const list = listItems(c, onPath);
    // A cycle makes the whole copy null; an improper list is only a null element.
    if (list === 'cycle') throw new NoCopy();
    if (list === 'improper') return null;
    return { items: list.items, out: [], marks: list.spine };
  };
  try {
    const atom = atomJson(v, budget);
    if (atom !== undefined) return atom;
    const root = open(v as Pair | SVector | MultipleValues);
    if (root === null) return null;
    const stack: Frame[] = [root];
    while (stack.length > 0) {
      const f = stack[stack.length - 1]!;
      if (f.out.length === f.items.length) {
        stack.pop();
        for (const m of f.marks) onPath.delete(m);
        if (stack.length > 0) stack[stack.length - 1]!.out.push(f.out);
        continue;
      }
      if (--budget.left < 0) throw new NoCopy();
      const item = f.items[f.out.length]!;
      const a = atomJson(item, budget);
      if (a !== undefined) {
        f.out.push(a);
        continue;
      }
      const child = open(item as Pair | SVector);
      if (child === null) f.out.push(null);
      else {
        if (stack.length >= MAX_JSON_DEPTH) throw new NoCopy();
        stack.push(child);
      }
    }
    return root.out;
  } catch (e) {
    if (e instanceof NoCopy) return null;
    throw e;
  }
}
