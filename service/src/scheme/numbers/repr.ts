/**
 * Representation helpers for the numeric tower (see values.ts for the four representations).
 * Everything here keeps the invariants: one representation per exact value (small integers as
 * JS numbers, never -0; bigints only outside the safe range; Ratnum with den > 1 and gcd 1).
 */
import { SchemeError } from '../errors.js';
import { Flonum, Ratnum, type SchemeNumber, type Value } from '../values.js';
import { checkBig } from './bound.js';

const MAX_SAFE_BIG = BigInt(Number.MAX_SAFE_INTEGER);
const MIN_SAFE_BIG = -MAX_SAFE_BIG;
const TWO_32 = 2 ** 32;

/** Any Scheme number. */
export function isNumber(v: Value): v is SchemeNumber {
  return typeof v === 'number' || typeof v === 'bigint' || v instanceof Flonum || v instanceof Ratnum;
}

/** An exact number (integer or rational). */
export function isExact(v: SchemeNumber): boolean {
  return !(v instanceof Flonum);
}

/** An exact integer, small or big. */
export function isExactInteger(v: Value): v is number | bigint {
  return typeof v === 'number' || typeof v === 'bigint';
}

/** `integer?`: an exact integer or an integral finite flonum. */
export function isInteger(v: Value): boolean {
  if (typeof v === 'number' || typeof v === 'bigint') return true;
  return v instanceof Flonum && Number.isInteger(v.value);
}

/** `rational?`: every exact number and every finite flonum. */
export function isRational(v: Value): boolean {
  if (v instanceof Flonum) return Number.isFinite(v.value);
  return isNumber(v);
}

/**
 * Demote a bigint that fits the safe range to a JS number, and enforce the integer-size bound
 * on one that does not. Every bigint that reaches Scheme passes through here.
 */
export function normalizeBig(b: bigint, who = 'arithmetic'): number | bigint {
  if (b >= MIN_SAFE_BIG && b <= MAX_SAFE_BIG) return Number(b);
  checkBig(b, who);
  return b;
}

/** Exact integer as a bigint (for the slow paths). */
export function toBig(n: number | bigint): bigint {
  return typeof n === 'bigint' ? n : BigInt(n);
}

/** Bits of leading precision for Lehmer's steps (measured fastest on V8 for 10^4..10^5 digits). */
const LEHMER_BITS = 256;
const LEHMER_MIN = 1n << 512n;

/**
 * gcd of two bigints, non-negative. Euclid's algorithm costs one full-size division per ~1.7
 * bits of progress, which made rational arithmetic on 30,000-digit parts take over a second;
 * Lehmer's algorithm (Knuth 4.5.2, Algorithm L) runs the steps on the leading 256 bits and
 * applies them to the full numbers once per ~120 bits: 10–30x faster at those sizes.
 */
export function gcdBig(a: bigint, b: bigint): bigint {
  if (a < 0n) a = -a;
  if (b < 0n) b = -b;
  if (a < b) [a, b] = [b, a];
  const k = BigInt(LEHMER_BITS);
  while (b >= LEHMER_MIN) {
    const s = BigInt(bitLength(a)) - k;
    let x = a >> s;
    let y = b >> s;
    let A = 1n, B = 0n, C = 0n, D = 1n;
    // Take quotient steps while both bracketing estimates agree, so each is a true step of a/b.
    while (y + C !== 0n && y + D !== 0n) {
      const q = (x + A) / (y + C);
      if (q !== (x + B) / (y + D)) break;
      [A, C] = [C, A - q * C];
      [B, D] = [D, B - q * D];
      [x, y] = [y, x - q * y];
    }
    if (B === 0n) [a, b] = [b, a % b];
    else [a, b] = [A * a + B * b, C * a + D * b];
  }
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
}

export function gcdNum(a: number, b: number): number {
  a = Math.abs(a);
  b = Math.abs(b);
  while (b !== 0) [a, b] = [b, a % b];
  return a;
}

/** Build the exact rational num/den, normalised. `who` names the operation for errors. */
export function makeRational(num: bigint, den: bigint, who = '/'): number | bigint | Ratnum {
  if (den === 0n) throw new SchemeError('division_by_zero', `${who}: division by zero`);
  if (den < 0n) {
    num = -num;
    den = -den;
  }
  const g = gcdBig(num, den);
  if (g !== 1n) {
    num /= g;
    den /= g;
  }
  if (den === 1n) return normalizeBig(num, who);
  checkBig(num, who);
  checkBig(den, who);
  return new Ratnum(num, den);
}

/** Numerator and denominator of an exact number as bigints. */
export function ratParts(x: number | bigint | Ratnum): [bigint, bigint] {
  if (x instanceof Ratnum) return [x.num, x.den];
  return [toBig(x), 1n];
}

/** Number of bits in |n| (0 for 0). Linear in the size of a bigint, O(1) for a number. */
export function bitLength(n: number | bigint): number {
  if (typeof n === 'number') {
    const a = Math.abs(n);
    if (a < TWO_32) return 32 - Math.clz32(a);
    return 32 + (32 - Math.clz32(Math.floor(a / TWO_32)));
  }
  const a = n < 0n ? -n : n;
  if (a <= MAX_SAFE_BIG) return bitLength(Number(a));
  const hex = a.toString(16);
  return (hex.length - 1) * 4 + (32 - Math.clz32(parseInt(hex[0]!, 16)));
}

/**
 * The double nearest num/den (den > 0), correctly rounded except in the subnormal range.
 * Number(num)/Number(den) would overflow to NaN for big parts and round twice otherwise.
 */
export function ratToDouble(num: bigint, den: bigint): number {
  const na = num < 0n ? -num : num;
  if (na <= MAX_SAFE_BIG && den <= MAX_SAFE_BIG) return Number(num) / Number(den);
  // Scale so the integer quotient has ~66 bits, keep a sticky bit for the remainder, and let
  // Number() do the one rounding.
  const shift = 66 - (bitLength(na) - bitLength(den));
  let q: bigint;
  let r: bigint;
  if (shift >= 0) {
    const n2 = na << BigInt(shift);
    q = n2 / den;
    r = n2 % den;
  } else {
    const d2 = den << BigInt(-shift);
    q = na / d2;
    r = na % d2;
  }
  if (r !== 0n) q |= 1n;
  let v = Number(q);
  // v * 2^-shift, in steps so that 2^-shift itself never under- or overflows.
  let s = -shift;
  while (s > 1000) { v *= 2 ** 1000; s -= 1000; }
  while (s < -1000) { v *= 2 ** -1000; s += 1000; }
  v *= 2 ** s;
  return num < 0n ? -v : v;
}

/** The double value of any number (inexact conversion). */
export function toDouble(n: SchemeNumber): number {
  if (typeof n === 'number') return n;
  if (typeof n === 'bigint') return Number(n);
  if (n instanceof Flonum) return n.value;
  return ratToDouble(n.num, n.den);
}

/** `inexact`: the number as a Flonum. */
export function toFlonum(n: SchemeNumber): Flonum {
  return n instanceof Flonum ? n : new Flonum(toDouble(n));
}

/**
 * `exact` of a double: the exact rational it denotes, (exact 0.5) → 1/2, (exact 0.1) →
 * 3602879701896397/36028797018963968. Infinities and NaN have none: arithmetic_error.
 */
export function doubleToExact(x: number, who = 'exact'): number | bigint | Ratnum {
  if (!Number.isFinite(x)) {
    throw new SchemeError('arithmetic_error', `${who}: ${x > 0 ? '+inf.0' : x < 0 ? '-inf.0' : '+nan.0'} has no exact value`);
  }
  if (Number.isInteger(x)) {
    if (Number.isSafeInteger(x)) return x + 0; // + 0 turns -0 into 0
    return normalizeBig(BigInt(x), who);
  }
  // A non-integral double is m / 2^k with k <= 1074; doubling is exact, and the first k that
  // makes it integral leaves an odd numerator, so the fraction is already in lowest terms.
  let k = 0;
  while (!Number.isInteger(x)) {
    x *= 2;
    k++;
  }
  return new Ratnum(BigInt(x), 1n << BigInt(k));
}

/** `exact` of any number. */
export function toExact(n: SchemeNumber, who = 'exact'): number | bigint | Ratnum {
  return n instanceof Flonum ? doubleToExact(n.value, who) : n;
}

/** Sign of a number: -1, 0 or 1 (NaN gives NaN). */
export function sign(n: SchemeNumber): number {
  if (typeof n === 'number') return Math.sign(n);
  if (typeof n === 'bigint') return n < 0n ? -1 : 1; // a bigint is never 0 (normalised)
  if (n instanceof Ratnum) return n.num < 0n ? -1 : 1;
  return n.value > 0 ? 1 : n.value < 0 ? -1 : n.value === 0 ? 0 : NaN;
}

/** `zero?` */
export function isZero(n: SchemeNumber): boolean {
  if (typeof n === 'number') return n === 0;
  return n instanceof Flonum && n.value === 0;
}

/** `nan?` */
export function isNaNNumber(n: SchemeNumber): boolean {
  return n instanceof Flonum && Number.isNaN(n.value);
}

/**
 * `eqv?` on numbers: same exactness and same value; for flonums it compares bits the way R7RS
 * asks (0.0 and -0.0 differ; +nan.0 is eqv to itself).
 */
export function eqvNumbers(a: SchemeNumber, b: SchemeNumber): boolean {
  if (a instanceof Flonum) return b instanceof Flonum && Object.is(a.value, b.value);
  if (a instanceof Ratnum) return b instanceof Ratnum && a.num === b.num && a.den === b.den;
  return a === b;
}
