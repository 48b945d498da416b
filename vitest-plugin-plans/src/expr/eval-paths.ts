/**
 * One step along a path (`body.items[2].qty`, `headers["retry-after"]`): the
 * value under a key or index, or absent (spec "How values compare" 6: a
 * missing key or an index past the end is absent; a negative index counts
 * from the end), with the path as `optional:` names it.
 */
import { EvalError } from './ops.js';
import type { Rational } from './rational.js';
import { NIL, str, type HeadersValue, type Value } from './values.js';

/** A value reached by a path, with the path as printed and whether it was absent or read through `?.`. */
export interface Ref {
  value: Value;
  path: string | undefined;
  absent: boolean;
  optional: boolean;
}

/**
 * The value under `key` of `o`. `notJson` is called when a field or index is
 * read from a body that was not decoded as JSON (the explain line).
 * @example stepInto({ value: map({ id: num(1) }), path: 'body', absent: false, optional: false }, 'id', false, undefined) // path 'body.id', value 1
 */
export function stepInto(o: Ref, key: string | Rational, optional: boolean, notJson: (() => void) | undefined): Ref {
  const opt = o.optional || optional;
  const v = o.value;
  const keyText = typeof key === 'string' ? key : key.toDecimal();
  const isBody = o.path === 'body';
  let path: string | undefined;
  if (o.path !== undefined) {
    if (v.k === 'headers' || o.path === 'headers') path = `${o.path}[${JSON.stringify(keyText.toLowerCase())}]`;
    else if (typeof key === 'string' && (/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key) || o.path === 'tasks')) path = `${o.path}.${key}`;
    else path = typeof key === 'string' ? `${o.path}[${JSON.stringify(key)}]` : `${o.path}[${keyText}]`;
  }
  const absent = (): Ref => ({ value: NIL, path, absent: true, optional: opt });
  if (o.absent) return absent();
  switch (v.k) {
    case 'map': {
      const k = typeof key === 'string' ? key : keyText;
      const x = v.entries.get(k);
      return x === undefined ? absent() : { value: x, path, absent: false, optional: opt };
    }
    case 'headers': {
      const x = (v as HeadersValue).entries.get(keyText.toLowerCase());
      return x === undefined ? absent() : { value: str(x), path, absent: false, optional: opt };
    }
    case 'list':
    case 'str': {
      if (typeof key === 'string') {
        if (isBody && v.k === 'str') notJson?.();
        return absent();
      }
      if (!key.isInteger()) throw new EvalError(`an index must be an integer, found ${key.toDecimal()}`);
      let i = Number(key.num);
      const len = v.k === 'list' ? v.items.length : v.v.length;
      if (i < 0) i += len;
      if (i < 0 || i >= len) return absent();
      if (v.k === 'str') {
        if (isBody) notJson?.();
        return { value: str(v.v[i]!), path, absent: false, optional: opt };
      }
      return { value: v.items[i]!, path, absent: false, optional: opt };
    }
    default:
      if (isBody && v.k !== 'nil') notJson?.();
      return absent();
  }
}
