/**
 * JSON text of plain data, like `JSON.stringify` without indentation, plus:
 *   - `RawJsonNumber` written as its text (a bignum keeps every digit);
 *   - `bigint` written as its digits (where `JSON.stringify` throws).
 * It keeps its own stack, so arrays nested 100,000 deep do not overflow the JS stack the way
 * `JSON.stringify` does. Like `JSON.stringify`: `undefined`, functions and symbols are left out
 * of objects and become `null` in arrays; non-finite numbers are `null`; `toJSON` is honoured;
 * a cycle throws a TypeError.
 */

/** A JSON number kept as its text, so bignums are never coerced to doubles. */
export class RawJsonNumber {
  constructor(public readonly text: string) {}
  /** For code that hands it to the built-in JSON.stringify anyway (precision may be lost). */
  toJSON(): number {
    return Number(this.text);
  }
}

interface ArrayFrame {
  readonly arr: readonly unknown[];
  i: number;
}
interface ObjectFrame {
  readonly obj: Record<string, unknown>;
  readonly keys: string[];
  i: number;
  wrote: boolean;
}
type Frame = ArrayFrame | ObjectFrame;

const isSkipped = (v: unknown): boolean => v === undefined || typeof v === 'function' || typeof v === 'symbol';

/** Text of a non-container value; undefined when `v` is an array or object to descend into. */
function scalarText(v: unknown): string | undefined {
  if (v === null) return 'null';
  switch (typeof v) {
    case 'string':
      return JSON.stringify(v);
    case 'number':
      return Number.isFinite(v) ? JSON.stringify(v) : 'null';
    case 'bigint':
      return v.toString();
    case 'boolean':
      return v ? 'true' : 'false';
    case 'object':
      if (v instanceof RawJsonNumber) return v.text;
      if (v instanceof Number || v instanceof String || v instanceof Boolean) return scalarText(v.valueOf());
      return undefined;
    default:
      return 'null';
  }
}

/** Apply `toJSON` (Dates and the like), as JSON.stringify does. */
function prepare(v: unknown, key: string): unknown {
  if (v !== null && typeof v === 'object' && !(v instanceof RawJsonNumber)) {
    const toJSON = (v as { toJSON?: unknown }).toJSON;
    if (typeof toJSON === 'function') return toJSON.call(v, key);
  }
  return v;
}

/**
 * JSON text of `x`.
 *
 * @example
 * stringifyJson({ n: new RawJsonNumber('123456789012345678901234567890') })
 * // '{"n":123456789012345678901234567890}'
 */
export function stringifyJson(x: unknown): string {
  const parts: string[] = [];
  const stack: Frame[] = [];
  const open = new Set<object>();

  /** Write `v` (already through `prepare`), or push a frame for it. */
  const visit = (v: unknown): void => {
    const s = scalarText(v);
    if (s !== undefined) {
      parts.push(s);
      return;
    }
    const o = v as object;
    if (open.has(o)) throw new TypeError('Converting circular structure to JSON');
    open.add(o);
    if (Array.isArray(o)) {
      parts.push('[');
      stack.push({ arr: o, i: 0 });
    } else {
      parts.push('{');
      stack.push({ obj: o as Record<string, unknown>, keys: Object.keys(o), i: 0, wrote: false });
    }
  };

  visit(prepare(x, ''));
  while (stack.length > 0) {
    const f = stack[stack.length - 1]!;
    if ('arr' in f) {
      if (f.i >= f.arr.length) {
        parts.push(']');
        stack.pop();
        open.delete(f.arr);
        continue;
      }
      const i = f.i++;
      if (i > 0) parts.push(',');
      const item = prepare(f.arr[i], String(i));
      if (isSkipped(item)) parts.push('null');
      else visit(item);
    } else {
      if (f.i >= f.keys.length) {
        parts.push('}');
        stack.pop();
        open.delete(f.obj);
        continue;
      }
      const key = f.keys[f.i++]!;
      const value = prepare(f.obj[key], key);
      if (isSkipped(value)) continue;
      if (f.wrote) parts.push(',');
      f.wrote = true;
      parts.push(JSON.stringify(key), ':');
      visit(value);
    }
  }
  return parts.join('');
}
