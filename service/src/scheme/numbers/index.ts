/**
 * The numeric tower: exact integers of any size (JS number fast path, normalised bigints),
 * exact rationals, and inexact reals (boxed doubles). No complex numbers. See docs/numbers.md.
 *
 * This is the module's public face; the machine's fast path calls `add`/`sub`/`mul`/`lt`/`numEq`
 * for anything that is not two small integers, and builtins/numbers.ts builds on the rest.
 */
export { add, sub, mul, div, negate, mulBig, compare, numEq, lt, le, gt, ge } from './arith.js';
export { setMaxIntegerDigits, getMaxIntegerDigits, checkBig, checkBits } from './bound.js';
export { explainBadNumber, parseNumber } from './parse.js';
export { numberToString, flonumToString, numberToJson } from './print.js';
export {
  isNumber,
  isExact,
  isExactInteger,
  isInteger,
  isRational,
  isZero,
  isNaNNumber,
  sign,
  eqvNumbers,
  normalizeBig,
  makeRational,
  toDouble,
  toFlonum,
  toExact,
  doubleToExact,
  bitLength,
} from './repr.js';
export { truncateDiv, floorDiv, gcd, lcm, isqrt, exactIntegerSqrt, exactIntPow } from './integer.js';
export { roundTo, sqrt, log, expt, rationalize } from './real.js';
export {
  numberArg,
  realArg,
  rationalArg,
  integerArg,
  exactIntegerArg,
  exactNonNegIntegerArg,
  exactArg,
  radixArg,
} from './args.js';
