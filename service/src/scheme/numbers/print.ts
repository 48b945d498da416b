/**
 * Numbers to text, as `write` prints them (R7RS 6.2.7 `number->string`).
 */
import { SchemeError } from '../errors.js';
import { Flonum, Ratnum, type SchemeNumber } from '../values.js';
import { toDouble } from './repr.js';

/**
 * A double in Scheme syntax: the shortest text that reads back to the same double (ECMAScript's
 * Number::toString already picks the shortest round-trip digits), reshaped into Scheme form:
 * `1.0` not `1`, `1e21` not `1e+21`, `-0.0`, `+inf.0`, `-inf.0`, `+nan.0`.
 */
export function flonumToString(x: number): string {
  if (x !== x) return '+nan.0';
  if (x === Infinity) return '+inf.0';
  if (x === -Infinity) return '-inf.0';
  if (x === 0) return Object.is(x, -0) ? '-0.0' : '0.0';
  const s = String(x);
  const e = s.indexOf('e');
  if (e >= 0) {
    // A mantissa without a point still reads as inexact, because of the exponent marker.
    const exp = s.slice(e + 1);
    return s.slice(0, e) + 'e' + (exp.startsWith('+') ? exp.slice(1) : exp);
  }
  return s.includes('.') ? s : s + '.0';
}

/**
 * `number->string`. Exact numbers print in any radix 2..36 (R7RS requires 2, 8, 10, 16), with
 * lower-case digits and no prefix. Inexact numbers print only in radix 10: digits of a double in
 * another radix would not read back (our reader, like R7RS, has no non-decimal points), so any
 * other radix is an arithmetic_error rather than a silently unreadable string.
 *
 * @example numberToString(255, 16) // "ff"
 * @example numberToString(new Flonum(0.1)) // "0.1"
 */
export function numberToString(n: SchemeNumber, radix = 10): string {
  if (typeof n === 'number' || typeof n === 'bigint') return n.toString(radix);
  if (n instanceof Ratnum) return n.num.toString(radix) + '/' + n.den.toString(radix);
  if (radix !== 10) {
    throw new SchemeError(
      'arithmetic_error',
      `number->string: inexact numbers can only be written in radix 10, got radix ${radix}`,
    );
  }
  return flonumToString(n.value);
}

/**
 * The JSON text of a number for the response's `json` field: exact integers with every digit,
 * flonums as their shortest round-trip text (always valid JSON, e.g. `1.0`, `1e21`, `-0.0`),
 * exact rationals as the nearest double (JSON has no fractions), infinities and NaN as `null`.
 */
export function numberToJson(n: SchemeNumber): string {
  if (typeof n === 'number' || typeof n === 'bigint') return n.toString();
  const x = n instanceof Flonum ? n.value : toDouble(n);
  if (!Number.isFinite(x)) return 'null';
  return flonumToString(x);
}
