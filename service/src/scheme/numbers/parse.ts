/**
 * Text to numbers: the R7RS 7.1.1 number syntax for real numbers.
 *
 * Accepted: prefixes `#x #o #b #d` and `#e #i` (at most one of each, either order, any case);
 * an optional sign; integers; rationals `n/d`; decimals `.5`, `1.`, `1.5e-3` (radix 10 only, as
 * R7RS says); `+inf.0 -inf.0 +nan.0 -nan.0`. `#e` makes a decimal exact (`#e1.2` → 6/5), `#i`
 * makes an integer or a rational inexact.
 *
 * Not accepted, so `parseNumber` answers null (the reader then makes a symbol, or a syntax_error
 * explained by `explainBadNumber` when the token starts with `#`): complex numbers (`1+2i`,
 * `+i`, polar `1@2`: this interpreter has no complex numbers), the R5RS exponent markers
 * `s f d l`, `#` digit placeholders, a zero denominator (`1/0`), `#e+inf.0`, and a repeated
 * prefix (`#x#x1`, `#e#i1`).
 */
import { Flonum, type SchemeNumber } from '../values.js';
import { checkDigitCount, rethrowRange } from './bound.js';
import { makeRational, normalizeBig, ratToDouble } from './repr.js';

const RADIX_PREFIX: Record<string, number> = { x: 16, o: 8, b: 2, d: 10 };
const DECIMAL = /^(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i;
const BIGINT_PREFIX: Record<number, string> = { 2: '0b', 8: '0o', 16: '0x', 10: '' };

/**
 * Parse `text` as a number in `radix` (a `#x`-style prefix in the text overrides it).
 * Returns null when the text is not a number. Throws integer_too_large for an exact literal
 * past the integer-size bound (checked from its digit count, before any conversion).
 *
 * @example parseNumber('#e1.2') // Ratnum 6/5
 * @example parseNumber('-x')    // null: a symbol
 */
export function parseNumber(text: string, radix = 10): SchemeNumber | null {
  let i = 0;
  let exactness: 'e' | 'i' | null = null;
  let sawRadix = false;
  while (text.charCodeAt(i) === 35 /* # */) {
    const c = (text[i + 1] ?? '').toLowerCase();
    if (Object.hasOwn(RADIX_PREFIX, c)) {
      if (sawRadix) return null;
      sawRadix = true;
      radix = RADIX_PREFIX[c]!;
    } else if (c === 'e' || c === 'i') {
      if (exactness !== null) return null;
      exactness = c;
    } else {
      return null;
    }
    i += 2;
  }
  return parseReal(i === 0 ? text : text.slice(i), radix, exactness);
}

function parseReal(s: string, radix: number, exactness: 'e' | 'i' | null): SchemeNumber | null {
  if (s.length === 0) return null;
  const c0 = s[0];
  const negative = c0 === '-';
  const body = c0 === '+' || c0 === '-' ? s.slice(1) : s;
  if (body.length === 0) return null;
  if (body !== s) {
    const lower = body.toLowerCase();
    if (lower === 'inf.0' || lower === 'nan.0') {
      if (exactness === 'e') return null;
      return new Flonum(lower === 'nan.0' ? NaN : negative ? -Infinity : Infinity);
    }
  }
  const slash = body.indexOf('/');
  if (slash >= 0) {
    const n = parseUInteger(body.slice(0, slash), radix, exactness !== 'i');
    const d = parseUInteger(body.slice(slash + 1), radix, exactness !== 'i');
    if (n === null || d === null || d === 0n) return null;
    if (exactness === 'i') return new Flonum(ratToDouble(negative ? -n : n, d));
    return makeRational(negative ? -n : n, d, 'string->number');
  }
  const n = parseUInteger(body, radix, exactness !== 'i');
  if (n !== null) {
    if (exactness === 'i') return new Flonum(Number(negative ? -n : n));
    return normalizeBig(negative ? -n : n);
  }
  if (radix !== 10) return null;
  return parseDecimal(body, negative, exactness);
}

function digitValue(code: number): number {
  if (code >= 48 && code <= 57) return code - 48;
  const lower = code | 32;
  if (lower >= 97 && lower <= 122) return lower - 87;
  return 99;
}

/**
 * Digits only, no sign; null when empty or a digit is out of range. An exact literal is held to
 * the integer bound before conversion; an inexact one (#i) becomes a double, so any length is fine.
 */
function parseUInteger(digits: string, radix: number, exact: boolean): bigint | null {
  if (digits.length === 0) return null;
  let first = -1;
  for (let k = 0; k < digits.length; k++) {
    const d = digitValue(digits.charCodeAt(k));
    if (d >= radix) return null;
    if (first < 0 && d !== 0) first = k;
  }
  if (first < 0) return 0n;
  if (exact) checkDigitCount(digits.length - first, radix, 'string->number');
  const prefix = BIGINT_PREFIX[radix];
  if (prefix !== undefined) return BigInt(prefix + digits);
  // Other radices (number->string writes 2..36): fold in chunks that stay exact in a double.
  const chunk = Math.floor(53 / Math.log2(radix)) - 1;
  let acc = 0n;
  for (let k = first; k < digits.length; k += chunk) {
    const part = digits.slice(k, k + chunk);
    acc = acc * BigInt(radix) ** BigInt(part.length) + BigInt(parseInt(part, radix));
  }
  return acc;
}

function parseDecimal(body: string, negative: boolean, exactness: 'e' | 'i' | null): SchemeNumber | null {
  const m = DECIMAL.exec(body);
  if (m === null) return null;
  const intPart = m[1]!;
  const frac = m[2] ?? '';
  if (intPart.length === 0 && frac.length === 0) return null; // ".", ".e5"
  const expText = m[3] ?? '0';
  if (exactness !== 'e') {
    // JS Number() rounds decimal text correctly, including huge exponents to ±Infinity/0.
    return new Flonum(Number(`${negative ? '-' : ''}${intPart || '0'}.${frac || '0'}e${expText}`));
  }
  // Exact decimal: mantissa * 10^(exp - fraction digits).
  const mantissa = (intPart + frac).replace(/^0+/, '');
  if (mantissa.length === 0) return 0;
  const exp = Number(expText) - frac.length;
  if (!Number.isSafeInteger(exp)) return tooLong(mantissa.length + Math.abs(exp));
  checkDigitCount(mantissa.length + Math.max(exp, 0), 10, 'string->number');
  checkDigitCount(Math.max(-exp, 0) + 1, 10, 'string->number');
  const num = negative ? -BigInt(mantissa) : BigInt(mantissa);
  try {
    return exp >= 0 ? makeRational(num * 10n ** BigInt(exp), 1n) : makeRational(num, 10n ** BigInt(-exp));
  } catch (e) {
    return rethrowRange(e, 'string->number');
  }
}

function tooLong(digits: number): never {
  checkDigitCount(digits, 10, 'string->number');
  return rethrowRange(new RangeError('exponent'), 'string->number');
}

const RADIX_DIGITS: Record<number, string> = { 2: '0-1', 8: '0-7', 10: '0-9', 16: '0-9 a-f' };

/**
 * Why a `#`-prefixed token that `parseNumber` refused is not a number, for the reader's
 * syntax_error (R7RS 7.1.1 allows at most one radix and one exactness prefix). Null when the
 * token does not start with a number prefix, so the caller keeps its generic message. Only
 * called on the error path: `parseNumber` stays the single fast check.
 *
 * @example explainBadNumber('#x#x1') // "bad number #x#x1: two radix prefixes …"
 */
export function explainBadNumber(text: string): string | null {
  let i = 0;
  let radix: string | null = null;
  let exactness: string | null = null;
  while (text.charCodeAt(i) === 35 /* # */) {
    const c = (text[i + 1] ?? '').toLowerCase();
    if (Object.hasOwn(RADIX_PREFIX, c)) {
      if (radix !== null) return `bad number ${text}: two radix prefixes (#${radix} and #${c}); use at most one of #x #o #b #d`;
      radix = c;
    } else if (c === 'e' || c === 'i') {
      if (exactness !== null) return `bad number ${text}: two exactness prefixes (#${exactness} and #${c}); use at most one of #e #i`;
      exactness = c;
    } else {
      return i === 0 ? null : `bad number ${text}: unknown prefix #${text[i + 1] ?? ''} (expected #x #o #b #d #e or #i)`;
    }
    i += 2;
  }
  if (i === 0) return null;
  const rest = text.slice(i).toLowerCase();
  if (rest.length === 0) return `bad number ${text}: expected digits after the prefix`;
  if (exactness === 'e' && /^[+-](inf|nan)\.0$/.test(rest)) {
    return `bad number ${text}: ${rest} has no exact value; write ${rest} without #e`;
  }
  const r = RADIX_PREFIX[radix ?? 'd']!;
  const shape = r === 10 ? 'an integer, n/d or a decimal' : 'an integer or n/d (decimals are radix 10 only)';
  return `bad number ${text}: expected ${shape} in radix ${r} (digits ${RADIX_DIGITS[r]})`;
}
