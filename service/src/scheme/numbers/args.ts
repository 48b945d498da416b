/**
 * Argument types of the numeric builtins, for the shared argument check (builtins/check.ts),
 * which turns a failed test into `wrong_type` with the noun: "+: expected a number, got "a"".
 */
import type { ArgType } from '../builtins/define.js';
import { Flonum, type Value } from '../values.js';
import { isExactInteger, isInteger, isNumber, isRational } from './repr.js';

/** Any number. */
export const numberArg: ArgType = { noun: 'a number', test: isNumber };

/** A real number: with no complex numbers, every number (kept apart for clearer signatures). */
export const realArg: ArgType = { noun: 'a real number', test: isNumber };

/** A rational: an exact number or a finite flonum. */
export const rationalArg: ArgType = { noun: 'a rational number', test: isRational };

/** An integer of either exactness: 3 or 3.0. */
export const integerArg: ArgType = { noun: 'an integer', test: isInteger };

/** An exact integer. */
export const exactIntegerArg: ArgType = { noun: 'an exact integer', test: isExactInteger };

/** An exact integer >= 0. */
export const exactNonNegIntegerArg: ArgType = {
  noun: 'an exact non-negative integer',
  test: (v: Value) => (typeof v === 'number' && v >= 0) || (typeof v === 'bigint' && v > 0n),
};

/** An exact number (for `exact->inexact`-style signatures that insist). */
export const exactArg: ArgType = { noun: 'an exact number', test: (v: Value) => isNumber(v) && !(v instanceof Flonum) };

/** A radix for number->string / string->number: an exact integer 2..36 (R7RS needs 2, 8, 10, 16). */
export const radixArg: ArgType = {
  noun: 'a radix (an exact integer from 2 to 36)',
  test: (v: Value) => typeof v === 'number' && v >= 2 && v <= 36,
};
