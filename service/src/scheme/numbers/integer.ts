/**
 * Integer division, gcd/lcm, integer roots and exact exponentiation.
 *
 * The division family accepts integers of either exactness (R7RS allows integral flonums);
 * any inexact operand makes the results inexact. A zero divisor is division_by_zero even when
 * inexact, because R7RS makes it an error rather than giving IEEE's NaN.
 */
import { SchemeError } from '../errors.js';
import { Flonum, Ratnum, type SchemeNumber } from '../values.js';
import { mulBig } from './arith.js';
import { checkBits, rethrowRange } from './bound.js';
import { bitLength, gcdBig, gcdNum, normalizeBig, toBig } from './repr.js';

/** An integer argument: exact, or an integral flonum. */
export type IntegerValue = number | bigint | Flonum;

function zeroCheck(b: IntegerValue, who: string): void {
  if (b === 0 || (b instanceof Flonum && b.value === 0)) {
    throw new SchemeError('division_by_zero', `${who}: division by zero`);
  }
}

/** Truncating division: [quotient, remainder], the remainder has the dividend's sign. */
export function truncateDiv(a: IntegerValue, b: IntegerValue, who = 'truncate/'): [SchemeNumber, SchemeNumber] {
  zeroCheck(b, who);
  if (typeof a === 'number' && typeof b === 'number') {
    const r = a % b; // exact for integers; (a - r) / b is then an exact integer division
    return [(a - r) / b + 0, r + 0];
  }
  if (a instanceof Flonum || b instanceof Flonum) {
    const x = floatOf(a);
    const y = floatOf(b);
    const r = x % y;
    return [new Flonum(Math.round((x - r) / y)), new Flonum(r)];
  }
  const x = toBig(a);
  const y = toBig(b);
  return [normalizeBig(x / y), normalizeBig(x % y)];
}

/** Floor division: [quotient, remainder], the remainder has the divisor's sign. */
export function floorDiv(a: IntegerValue, b: IntegerValue, who = 'floor/'): [SchemeNumber, SchemeNumber] {
  zeroCheck(b, who);
  if (typeof a === 'number' && typeof b === 'number') {
    let r = a % b;
    if (r !== 0 && r < 0 !== b < 0) r += b;
    return [(a - r) / b + 0, r + 0];
  }
  if (a instanceof Flonum || b instanceof Flonum) {
    const x = floatOf(a);
    const y = floatOf(b);
    let r = x % y;
    if (r !== 0 && r < 0 !== y < 0) r += y;
    return [new Flonum(Math.round((x - r) / y)), new Flonum(r)];
  }
  const x = toBig(a);
  const y = toBig(b);
  let q = x / y;
  let r = x % y;
  if (r !== 0n && r < 0n !== y < 0n) {
    r += y;
    q -= 1n;
  }
  return [normalizeBig(q), normalizeBig(r)];
}

function floatOf(n: IntegerValue): number {
  return n instanceof Flonum ? n.value : Number(n);
}

/** gcd of two integers; inexact if either is; always non-negative. */
export function gcd(a: IntegerValue, b: IntegerValue): SchemeNumber {
  if (a instanceof Flonum || b instanceof Flonum) return new Flonum(gcdNum(floatOf(a), floatOf(b)));
  if (typeof a === 'number' && typeof b === 'number') return gcdNum(a, b);
  return normalizeBig(gcdBig(toBig(a), toBig(b)));
}

/** lcm of two integers; inexact if either is; always non-negative. */
export function lcm(a: IntegerValue, b: IntegerValue): SchemeNumber {
  if (a instanceof Flonum || b instanceof Flonum) {
    const x = Math.abs(floatOf(a));
    const y = Math.abs(floatOf(b));
    return new Flonum(x === 0 || y === 0 ? 0 : (x / gcdNum(x, y)) * y);
  }
  const x = toBig(a);
  const y = toBig(b);
  if (x === 0n || y === 0n) return 0;
  const g = gcdBig(x, y);
  return mulBig((x < 0n ? -x : x) / g, y < 0n ? -y : y, 'lcm');
}

/** floor(sqrt(n)) for n >= 0, exact for any size (Newton's method on bigints). */
export function isqrt(n: bigint): bigint {
  if (n < 0n) throw new RangeError('isqrt of a negative number');
  if (n < 4503599627370496n) {
    // Below 2^52 the double sqrt is within one of the answer; fix it up exactly.
    let s = BigInt(Math.floor(Math.sqrt(Number(n))));
    while (s * s > n) s -= 1n;
    while ((s + 1n) * (s + 1n) <= n) s += 1n;
    return s;
  }
  let x = 1n << BigInt(Math.ceil(bitLength(n) / 2)); // >= sqrt(n): Newton then decreases
  for (;;) {
    const y = (x + n / x) >> 1n;
    if (y >= x) return x;
    x = y;
  }
}

/** `exact-integer-sqrt`: [s, r] with s*s + r = n, for an exact n >= 0. */
export function exactIntegerSqrt(n: number | bigint): [number | bigint, number | bigint] {
  const b = toBig(n);
  const s = isqrt(b);
  return [normalizeBig(s), normalizeBig(b - s * s)];
}

/** floor(n^(1/k)) for n >= 0 and k >= 1. */
export function iroot(n: bigint, k: number): bigint {
  if (k === 1 || n < 2n) return n;
  const bits = bitLength(n);
  if (k >= bits) return 1n; // 2^k > n, so the root is 1
  const K = BigInt(k);
  let x = 1n << BigInt(Math.ceil(bits / k)); // >= the root
  for (;;) {
    const y = ((K - 1n) * x + n / x ** (K - 1n)) / K;
    if (y >= x) return x;
    x = y;
  }
}

/**
 * Exact integer power base^e for e >= 0. The result's bit length is at least
 * (bits(base) - 1) * e + 1, which is checked against the bound before any multiplication.
 */
export function exactIntPow(base: number | bigint, e: number | bigint, who = 'expt'): number | bigint {
  if (e === 0 || e === 0n) return 1;
  if (base === 0 || base === 1) return base;
  if (base === -1) return toBig(e) % 2n === 0n ? 1 : -1;
  if (typeof e === 'bigint') checkBits(Number.MAX_SAFE_INTEGER, who); // |base| >= 2: astronomically large
  const n = Number(e);
  checkBits((bitLength(base) - 1) * n + 1, who);
  if (typeof base === 'number' && bitLength(base) * n <= 53) {
    // Square-and-multiply stays below 2^53, so every step is exact (unlike Math.pow).
    let r = 1;
    let b = base;
    for (let k = n; k > 0; k >>= 1) {
      if (k & 1) r *= b;
      if (k > 1) b *= b;
    }
    return r;
  }
  try {
    return normalizeBig(toBig(base) ** BigInt(n), who);
  } catch (err) {
    return rethrowRange(err, who);
  }
}

/** The ratnum p/q with both parts raised to e >= 0 (coprime parts stay coprime). */
export function ratPow(r: Ratnum, e: number | bigint, who = 'expt'): SchemeNumber {
  const n = exactIntPow(r.num, e, who);
  const d = exactIntPow(r.den, e, who);
  return d === 1 ? n : new Ratnum(toBig(n), toBig(d));
}
