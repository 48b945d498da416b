/**
 * Checks the data builtins make inside their bodies, after the shared argument check has
 * vetted the types: index ranges, mutability, element types inside lists, and memory charges.
 *
 * Decision (service/docs/values.md): an index out of range is a `wrong_type` error (the
 * contract has no range type, and the argument is of the wrong kind for that object), worded
 * `vector-ref: index 5 out of range for a vector of length 3`.
 */
import { SchemeError } from '../errors.js';
import { describe, wrongType as sharedWrongType } from './check.js';
import type { Value } from '../values.js';
import type { ArgType, BuiltinContext } from './define.js';

/** Approximate heap bytes of a pair, a vector slot and a string's UTF-16 unit, for charging. */
export const PAIR_BYTES = 32;
export const SLOT_BYTES = 8;
export const CHAR_BYTES = 2;

/** The shared `wrong_type` wording, for values checked inside a body (elements, rest args). */
export function wrongType(who: string, type: ArgType, got: Value): SchemeError {
  return sharedWrongType(who, type.noun, got);
}

/** Throw the shared `wrong_type` error unless `v` passes `type`. */
export function expect(who: string, type: ArgType, v: Value): void {
  if (!type.test(v)) throw wrongType(who, type, v);
}

/** An index argument as a JS number (a bignum is surely out of range: Infinity). */
export function toCount(k: Value): number {
  return typeof k === 'bigint' ? Infinity : (k as number);
}

/** `k` as an index into an object of `length` elements (0 ≤ k < length). */
export function checkIndex(who: string, k: Value, length: number, what: string): number {
  const i = toCount(k);
  if (i >= length) {
    throw new SchemeError('wrong_type', `${who}: index ${describe(k)} out of range for ${what} of length ${length}`);
  }
  return i;
}

/**
 * The optional `start`/`end` arguments of the copy and fill procedures: start ≤ end ≤ length,
 * with end defaulting to the length.
 */
export function checkRange(who: string, start: Value | undefined, end: Value | undefined, length: number, what: string): [number, number] {
  const s = start === undefined ? 0 : toCount(start);
  const e = end === undefined ? length : toCount(end);
  if (e > length) {
    throw new SchemeError('wrong_type', `${who}: end ${describe(end!)} out of range for ${what} of length ${length}`);
  }
  if (s > e) {
    throw new SchemeError('wrong_type', `${who}: start ${describe(start!)} is past end ${e} (${what} of length ${length})`);
  }
  return [s, e];
}

/** The `at` of the `*-copy!` procedures: `count` elements must fit from `at` on. */
export function checkRoom(who: string, at: Value, count: number, length: number, what: string): number {
  const i = toCount(at);
  if (i + count > length) {
    throw new SchemeError('wrong_type', `${who}: cannot copy ${count} elements to index ${describe(at)} of ${what} of length ${length}`);
  }
  return i;
}

/** Refuse to modify a literal (immutable) string, vector or bytevector. */
export function checkMutable(who: string, obj: { readonly mutable: boolean }, what: string): void {
  if (!obj.mutable) {
    throw new SchemeError('wrong_type', `${who}: cannot modify a literal ${what}; copy it first (e.g. with ${what}-copy)`);
  }
}

/** Charge `count` items of `bytesEach` before allocating them (bignum counts are Infinity). */
export function chargeFor(ctx: Pick<BuiltinContext, 'charge'>, count: number, bytesEach: number): void {
  if (count > 0) ctx.charge(count * bytesEach);
}
