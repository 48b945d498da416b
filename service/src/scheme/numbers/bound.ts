/**
 * The integer-size bound: the largest exact integer an evaluation may build.
 *
 * Semantics: with a bound of N digits, any exact integer whose magnitude has more than N decimal
 * digits (that is, |n| >= 10^N) is `integer_too_large`, and so is any numerator or denominator
 * of an exact rational. The check on a finished result is one bigint comparison against a cached
 * 10^N (V8 compares lengths first, so it is O(1) in practice). Operations whose cost grows
 * faster than their result (`*`, `expt`, shifts, roots, `exact` of a flonum, parsing long digit
 * strings) first estimate the result's size from bit lengths and refuse before doing the work,
 * so that `(expt 10 100000000)` fails in microseconds.
 *
 * The bound is module state, set by the core before each evaluation (one evaluation runs at a
 * time per worker). `null` means no bound (unit tests, tools).
 */
import { SchemeError } from '../errors.js';

let maxDigits: number | null = null;
/** 10^maxDigits, built lazily: most evaluations never make a bignum. */
let limit: bigint | null = null;
/** log2(10^maxDigits): a value with at least this many bits + 1 is surely over. */
let limitBits = Infinity;
/** 2^floor(limitBits/2): two factors below it cannot multiply past the bound. */
let halfLimit: bigint | null = null;

const LOG2_10 = Math.log2(10);

/**
 * Set the bound in decimal digits (`null`: unbounded). Values under 16 are raised to 16: every
 * integer that fits a JS safe integer is always allowed, so the fast path never checks.
 */
export function setMaxIntegerDigits(n: number | null): void {
  const next = n === null ? null : Math.max(16, Math.floor(n));
  if (next === maxDigits) return;
  maxDigits = next;
  limit = null;
  halfLimit = null;
  limitBits = next === null ? Infinity : next * LOG2_10;
}

/** The current bound in decimal digits, or null. */
export function getMaxIntegerDigits(): number | null {
  return maxDigits;
}

function tooLarge(who: string): SchemeError {
  return new SchemeError(
    'integer_too_large',
    `${who}: exact integer result would have more than ${maxDigits} digits (the evaluation's integer limit)`,
  );
}

/** Throw integer_too_large when |b| >= 10^N. Call on every bigint that may reach Scheme. */
export function checkBig(b: bigint, who = 'arithmetic'): void {
  if (maxDigits === null) return;
  if (limit === null) limit = 10n ** BigInt(maxDigits);
  if (b >= limit || b <= -limit) throw tooLarge(who);
}

/**
 * Refuse, before computing it, a result known to have at least `minBits` bits when that many
 * bits cannot fit the bound (2^(minBits-1) >= 10^N). Results that pass still get `checkBig`.
 */
export function checkBits(minBits: number, who: string): void {
  if (maxDigits === null) return;
  if (minBits - 1 >= limitBits) throw tooLarge(who);
}

/** Refuse a literal of `digits` significant digits in `radix` before parsing it. */
export function checkDigitCount(digits: number, radix: number, who: string): void {
  if (maxDigits === null) return;
  // A d-digit numeral in radix r has at least (d-1)*log2(r)+1 bits.
  checkBits(Math.floor((digits - 1) * Math.log2(radix)) + 1, who);
}

/** True when both factors are small enough that their product cannot pass the bound. */
export function productSurelyFits(a: bigint, b: bigint): boolean {
  if (maxDigits === null) return true;
  if (halfLimit === null) halfLimit = 1n << BigInt(Math.floor(limitBits / 2));
  const h = halfLimit;
  return a < h && a > -h && b < h && b > -h;
}

/** Convert V8's own bigint size failure into the evaluation's limit error. */
export function rethrowRange(e: unknown, who: string): never {
  if (e instanceof RangeError) {
    throw new SchemeError('integer_too_large', `${who}: exact integer result is too large to represent`);
  }
  throw e;
}
