/**
 * Real-valued operations: rounding, sqrt, expt, rationalize, and the transcendental functions.
 *
 * This interpreter has no complex numbers. Where R7RS would answer with a non-real complex
 * number — (sqrt -4), (log -1), (asin 2), (expt -8 1/3), (expt -8.0 0.5) — we raise
 * arithmetic_error naming the operation, rather than return +nan.0, so a program learns why.
 * A NaN argument still gives +nan.0.
 */
import { SchemeError } from '../errors.js';
import { Flonum, Ratnum, type SchemeNumber } from '../values.js';
import { add, div, lt, sub } from './arith.js';
import { exactIntPow, iroot, isqrt, ratPow } from './integer.js';
import { bitLength, makeRational, normalizeBig, sign, toBig, toDouble, toExact } from './repr.js';
import { numberToString } from './print.js';

type Exact = number | bigint | Ratnum;

function noComplex(who: string, x: SchemeNumber | string): SchemeError {
  const shown = typeof x === 'string' ? x : numberToString(x);
  return new SchemeError('arithmetic_error', `${who}: the result for ${shown} is not a real number (complex numbers are not supported)`);
}

/** Round half to even on a double, keeping the sign of zero. */
function roundEven(x: number): number {
  const f = Math.floor(x);
  const d = x - f;
  const r = d < 0.5 ? f : d > 0.5 ? f + 1 : f % 2 === 0 ? f : f + 1;
  return r === 0 && (x < 0 || Object.is(x, -0)) ? -0 : r;
}

/** `floor`, `ceiling`, `truncate`, `round`: exact stays exact, 7/2 rounds to 4. */
export function roundTo(x: SchemeNumber, mode: 'floor' | 'ceiling' | 'truncate' | 'round'): SchemeNumber {
  if (typeof x === 'number' || typeof x === 'bigint') return x;
  if (x instanceof Flonum) {
    const v = x.value;
    return new Flonum(mode === 'floor' ? Math.floor(v) : mode === 'ceiling' ? Math.ceil(v) : mode === 'truncate' ? Math.trunc(v) : roundEven(v));
  }
  const { num, den } = x;
  let fl = num / den;
  if (num < 0n) fl -= 1n; // den > 1 so num/den is never integral: floor = trunc - 1 when negative
  let r: bigint;
  if (mode === 'floor') r = fl;
  else if (mode === 'ceiling') r = fl + 1n;
  else if (mode === 'truncate') r = num < 0n ? fl + 1n : fl;
  else {
    const twice = 2n * (num - fl * den); // 2 * fractional part, scaled by den
    r = twice < den ? fl : twice > den ? fl + 1n : fl % 2n === 0n ? fl : fl + 1n;
  }
  return normalizeBig(r);
}

/** Exact square root of an exact non-negative number, or null when it is not a perfect square. */
function exactSqrt(x: Exact): Exact | null {
  if (x instanceof Ratnum) {
    const n = isqrt(x.num);
    const d = isqrt(x.den);
    return n * n === x.num && d * d === x.den ? new Ratnum(n, d) : null;
  }
  const b = toBig(x);
  const s = isqrt(b);
  return s * s === b ? normalizeBig(s) : null;
}

/** `sqrt`: exact for exact perfect squares (16 → 4, 1/4 → 1/2), a flonum otherwise. */
export function sqrt(x: SchemeNumber): SchemeNumber {
  if (x instanceof Flonum) {
    if (x.value < 0) throw noComplex('sqrt', x);
    return new Flonum(Math.sqrt(x.value));
  }
  if (sign(x) < 0) throw noComplex('sqrt', x);
  const e = exactSqrt(x);
  if (e !== null) return e;
  if (typeof x === 'bigint') return new Flonum(sqrtBig(x));
  if (x instanceof Ratnum) {
    const v = toDouble(x);
    // Parts past the double range: go through logs rather than return 0 or +inf.0.
    if (v === 0 || v === Infinity || v < 2.2250738585072014e-308) return new Flonum(Math.exp((logExact(x.num) - logExact(x.den)) / 2));
    return new Flonum(Math.sqrt(v));
  }
  return new Flonum(Math.sqrt(x));
}

/** sqrt of a huge bigint without overflowing to Infinity: floor(sqrt) is within 1 of it. */
function sqrtBig(b: bigint): number {
  const v = Number(b);
  return Number.isFinite(v) ? Math.sqrt(v) : Number(isqrt(b));
}

/** Natural log of an exact positive integer of any size. */
function logExact(b: bigint): number {
  const bits = bitLength(b);
  if (bits < 1000) return Math.log(Number(b));
  const shift = bits - 64;
  return Math.log(Number(b >> BigInt(shift))) + shift * Math.LN2;
}

/** Natural log of any real; -inf.0 at zero, arithmetic_error below it. */
export function log(x: SchemeNumber): number {
  if (x instanceof Flonum) {
    if (x.value < 0) throw noComplex('log', x);
    return Math.log(x.value);
  }
  const s = sign(x);
  if (s < 0) throw noComplex('log', x);
  if (s === 0) return -Infinity;
  if (x instanceof Ratnum) return logExact(x.num) - logExact(x.den);
  return logExact(toBig(x));
}

/**
 * `expt`. Exact base and exact integer exponent give an exact result (negative exponent: a
 * rational; (expt 0 0) → 1; (expt 0 -1) → division_by_zero). An exact rational exponent gives
 * an exact result when the root is exact ((expt 4 1/2) → 2, (expt 8/27 2/3) → 4/9), else a
 * flonum. Anything inexact gives a flonum ((expt 2.0 3) → 8.0).
 */
export function expt(base: SchemeNumber, e: SchemeNumber): SchemeNumber {
  if (typeof e === 'number' || typeof e === 'bigint') {
    if (base instanceof Flonum) return new Flonum(base.value ** Number(e));
    const negative = e < 0;
    if (negative && sign(base) === 0) throw new SchemeError('division_by_zero', 'expt: division by zero (0 to a negative power)');
    const mag = typeof e === 'number' ? Math.abs(e) : negative ? -e : e;
    const r = base instanceof Ratnum ? ratPow(base, mag) : exactIntPow(base, mag);
    return negative ? div(1, r) : r;
  }
  if (e instanceof Ratnum && !(base instanceof Flonum)) {
    if (sign(base) < 0) throw noComplex('expt', base);
    const q = e.den;
    if (q <= 1_000_000n) {
      const rootOf = (n: bigint): bigint | null => {
        const r = iroot(n, Number(q));
        return r ** q === n ? r : null;
      };
      const [bn, bd] = base instanceof Ratnum ? [base.num, base.den] : [toBig(base), 1n];
      const rn = rootOf(bn);
      const rd = rn === null ? null : rootOf(bd);
      if (rn !== null && rd !== null) return expt(makeRational(rn, rd, 'expt'), normalizeBig(e.num));
    }
  }
  const x = toDouble(base);
  const y = toDouble(e);
  const r = x ** y;
  if (Number.isNaN(r) && !Number.isNaN(x) && !Number.isNaN(y)) throw noComplex('expt', base);
  return new Flonum(r);
}

/**
 * `rationalize`: the simplest rational within y of x (R7RS 6.2.6), inexact if either is.
 * Iterative continued-fraction walk, so huge rationals cannot overflow the JS stack.
 */
export function rationalize(x: SchemeNumber, y: SchemeNumber): SchemeNumber {
  const inexact = x instanceof Flonum || y instanceof Flonum;
  if (inexact) {
    const xv = toDouble(x);
    const yv = Math.abs(toDouble(y));
    if (Number.isNaN(xv) || Number.isNaN(yv)) return new Flonum(NaN);
    if (!Number.isFinite(yv)) return new Flonum(Number.isFinite(xv) ? 0 : NaN);
    if (!Number.isFinite(xv)) return new Flonum(xv);
  }
  const ex = toExact(x);
  const ey = toExact(y);
  const ay = sign(ey) < 0 ? sub(0, ey) : ey;
  const r = simplestBetween(sub(ex, ay) as Exact, add(ex, ay) as Exact);
  return inexact ? new Flonum(toDouble(r)) : r;
}

function simplestBetween(lo: Exact, hi: Exact): Exact {
  if (sign(lo) > 0) return simplestPositive(lo, hi);
  if (sign(hi) < 0) return sub(0, simplestPositive(sub(0, hi) as Exact, sub(0, lo) as Exact)) as Exact;
  return 0;
}

function simplestPositive(lo: Exact, hi: Exact): Exact {
  const terms: Exact[] = [];
  for (;;) {
    const fl = roundTo(lo, 'floor') as Exact;
    if (!lt(fl, lo)) {
      terms.push(fl);
      break;
    }
    if (lt(fl, roundTo(hi, 'floor'))) {
      terms.push(add(fl, 1) as Exact);
      break;
    }
    terms.push(fl);
    const nextLo = div(1, sub(hi, fl)) as Exact;
    hi = div(1, sub(lo, fl)) as Exact;
    lo = nextLo;
  }
  let v = terms.pop()!;
  while (terms.length > 0) v = add(terms.pop()!, div(1, v)) as Exact;
  return v;
}
