/**
 * Generic arithmetic and comparison over the whole tower.
 *
 * Every entry point tries the case of two small exact integers first (JS numbers; a result that
 * is still a safe integer is exact, because a rounded result would lie outside the safe range),
 * then falls back to one slow path that dispatches on the "highest" representation:
 * flonum (inexact contagion) > ratnum > integer. Arguments must be numbers: type checks belong
 * to the caller (the builtins' shared argument check), so these stay branch-light.
 */
import { SchemeError } from '../errors.js';
import { Flonum, Ratnum, type SchemeNumber } from '../values.js';
import { checkBits, productSurelyFits, rethrowRange } from './bound.js';
import { bitLength, gcdNum, makeRational, normalizeBig, ratParts, toBig, toDouble } from './repr.js';

type Exact = number | bigint | Ratnum;

/** `(+ a b)` */
export function add(a: SchemeNumber, b: SchemeNumber): SchemeNumber {
  if (typeof a === 'number' && typeof b === 'number') {
    const r = a + b;
    return Number.isSafeInteger(r) ? r : normalizeBig(BigInt(a) + BigInt(b));
  }
  if (a instanceof Flonum || b instanceof Flonum) return new Flonum(toDouble(a) + toDouble(b));
  if (a instanceof Ratnum || b instanceof Ratnum) {
    const [an, ad] = ratParts(a as Exact);
    const [bn, bd] = ratParts(b as Exact);
    return makeRational(an * bd + bn * ad, ad * bd, '+');
  }
  return normalizeBig(toBig(a as number | bigint) + toBig(b as number | bigint));
}

/** `(- a b)` */
export function sub(a: SchemeNumber, b: SchemeNumber): SchemeNumber {
  if (typeof a === 'number' && typeof b === 'number') {
    const r = a - b;
    return Number.isSafeInteger(r) ? r : normalizeBig(BigInt(a) - BigInt(b));
  }
  if (a instanceof Flonum || b instanceof Flonum) return new Flonum(toDouble(a) - toDouble(b));
  if (a instanceof Ratnum || b instanceof Ratnum) {
    const [an, ad] = ratParts(a as Exact);
    const [bn, bd] = ratParts(b as Exact);
    return makeRational(an * bd - bn * ad, ad * bd, '-');
  }
  return normalizeBig(toBig(a as number | bigint) - toBig(b as number | bigint));
}

/** `(- a)`; written as 0 - a so that exact 0 never becomes -0. */
export function negate(a: SchemeNumber): SchemeNumber {
  if (typeof a === 'number') return 0 - a; // -MAX_SAFE is safe: no overflow possible
  if (typeof a === 'bigint') return normalizeBig(-a);
  if (a instanceof Flonum) return new Flonum(-a.value);
  return new Ratnum(-a.num, a.den);
}

/** Multiply two bigints, refusing first (from bit lengths) a product past the integer bound. */
export function mulBig(a: bigint, b: bigint, who = '*'): number | bigint {
  if (!productSurelyFits(a, b)) checkBits(bitLength(a) + bitLength(b) - 1, who);
  try {
    return normalizeBig(a * b);
  } catch (e) {
    return rethrowRange(e, who);
  }
}

/** `(* a b)` */
export function mul(a: SchemeNumber, b: SchemeNumber): SchemeNumber {
  if (typeof a === 'number' && typeof b === 'number') {
    const r = a * b;
    return Number.isSafeInteger(r) ? r + 0 : mulBig(BigInt(a), BigInt(b)); // + 0: no exact -0
  }
  if (a instanceof Flonum || b instanceof Flonum) return new Flonum(toDouble(a) * toDouble(b));
  if (a instanceof Ratnum || b instanceof Ratnum) {
    const [an, ad] = ratParts(a as Exact);
    const [bn, bd] = ratParts(b as Exact);
    return makeRational(toBig(mulBig(an, bn)), toBig(mulBig(ad, bd)), '*');
  }
  return mulBig(toBig(a as number | bigint), toBig(b as number | bigint));
}

/**
 * `(/ a b)`: exact operands give an exact (possibly rational) quotient and an exact zero
 * divisor is division_by_zero; with an inexact operand the IEEE result stands, so
 * (/ 1.0 0) is +inf.0 (R7RS inexact contagion).
 */
export function div(a: SchemeNumber, b: SchemeNumber): SchemeNumber {
  if (typeof a === 'number' && typeof b === 'number') {
    if (b === 0) throw new SchemeError('division_by_zero', '/: division by zero');
    if (a % b === 0) return a / b + 0;
    const g = gcdNum(a, b);
    const s = b < 0 ? -1 : 1;
    return new Ratnum(BigInt((s * a) / g), BigInt((s * b) / g));
  }
  if (a instanceof Flonum || b instanceof Flonum) return new Flonum(toDouble(a) / toDouble(b));
  const [an, ad] = ratParts(a as Exact);
  const [bn, bd] = ratParts(b as Exact);
  if (bn === 0n) throw new SchemeError('division_by_zero', '/: division by zero');
  return makeRational(toBig(mulBig(an, bd, '/')), toBig(mulBig(ad, bn, '/')), '/');
}

/** Exact comparison of two exact numbers. */
function compareExact(a: Exact, b: Exact): -1 | 0 | 1 {
  if (!(a instanceof Ratnum) && !(b instanceof Ratnum)) {
    return a < b ? -1 : a > b ? 1 : 0; // JS compares number with bigint exactly
  }
  const [an, ad] = ratParts(a);
  const [bn, bd] = ratParts(b);
  const l = an * bd;
  const r = bn * ad;
  return l < r ? -1 : l > r ? 1 : 0;
}

function exactOfFinite(x: number): Exact {
  if (Number.isSafeInteger(x)) return x + 0;
  if (Number.isInteger(x)) return BigInt(x); // unnormalised is fine for a comparison
  let k = 0;
  while (!Number.isInteger(x)) {
    x *= 2;
    k++;
  }
  return new Ratnum(BigInt(x), 1n << BigInt(k));
}

/**
 * Order of two numbers: -1, 0 or 1. Exact even between an exact and an inexact number (the
 * flonum is compared as the rational it denotes, so (= (expt 2 60) (+ (expt 2. 60) 1)) is
 * right). The result is meaningless when either is NaN: use numEq / lt, which answer #f.
 */
export function compare(a: SchemeNumber, b: SchemeNumber): -1 | 0 | 1 {
  if (typeof a === 'number' && typeof b === 'number') return a < b ? -1 : a > b ? 1 : 0;
  const af = a instanceof Flonum;
  const bf = b instanceof Flonum;
  if (af || bf) {
    const x = toDoubleFor(a);
    const y = toDoubleFor(b);
    // Doubles compare exactly when both sides are doubles or safe integers, or at an infinity.
    if ((af || typeof a === 'number') && (bf || typeof b === 'number')) return x < y ? -1 : x > y ? 1 : 0;
    if (!Number.isFinite(x) && af) return x < 0 ? -1 : 1;
    if (!Number.isFinite(y) && bf) return y < 0 ? 1 : -1;
    return compareExact(af ? exactOfFinite(x) : (a as Exact), bf ? exactOfFinite(y) : (b as Exact));
  }
  return compareExact(a as Exact, b as Exact);
}

function toDoubleFor(n: SchemeNumber): number {
  return n instanceof Flonum ? n.value : typeof n === 'number' ? n : NaN;
}

function hasNaN(a: SchemeNumber, b: SchemeNumber): boolean {
  return (a instanceof Flonum && a.value !== a.value) || (b instanceof Flonum && b.value !== b.value);
}

/** `(= a b)`: false when either is NaN. */
export function numEq(a: SchemeNumber, b: SchemeNumber): boolean {
  if (typeof a === 'number' && typeof b === 'number') return a === b;
  return !hasNaN(a, b) && compare(a, b) === 0;
}

/** `(< a b)`: false when either is NaN. */
export function lt(a: SchemeNumber, b: SchemeNumber): boolean {
  if (typeof a === 'number' && typeof b === 'number') return a < b;
  return !hasNaN(a, b) && compare(a, b) < 0;
}

/** `(<= a b)`: false when either is NaN. */
export function le(a: SchemeNumber, b: SchemeNumber): boolean {
  if (typeof a === 'number' && typeof b === 'number') return a <= b;
  return !hasNaN(a, b) && compare(a, b) <= 0;
}

/** `(> a b)` */
export function gt(a: SchemeNumber, b: SchemeNumber): boolean {
  return lt(b, a);
}

/** `(>= a b)` */
export function ge(a: SchemeNumber, b: SchemeNumber): boolean {
  return le(b, a);
}
