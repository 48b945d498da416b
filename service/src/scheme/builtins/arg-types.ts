/**
 * Argument types shared by the builtin families: a test and the noun that the shared argument
 * check puts in `wrong_type` messages ("car: expected a pair, got 5").
 * Shared file: other families add their own types here.
 */
import { Bytevector, Char, MString, Nil, Pair, SVector, Sym, type Value } from '../values.js';
import type { ArgType } from './define.js';
import { Port } from './port-objects.js';

const is = (noun: string, test: (v: Value) => boolean): ArgType => ({ noun, test });

/**
 * Whether `v` is a proper list. Floyd's cycle check: a circular list is not a list (R7RS
 * `list?`), and the test allocates nothing and always ends.
 */
export function isProperList(v: Value): boolean {
  let slow = v;
  let fast = v;
  for (;;) {
    if (fast instanceof Nil) return true;
    if (!(fast instanceof Pair)) return false;
    fast = fast.cdr;
    if (fast instanceof Nil) return true;
    if (!(fast instanceof Pair)) return false;
    fast = fast.cdr;
    slow = (slow as Pair).cdr;
    if (fast === slow) return false;
  }
}

export const pairArg = is('a pair', (v) => v instanceof Pair);
export const listArg = is('a list', isProperList);
export const symbolArg = is('a symbol', (v) => v instanceof Sym);
export const stringArg = is('a string', (v) => v instanceof MString);
export const charArg = is('a character', (v) => v instanceof Char);
export const vectorArg = is('a vector', (v) => v instanceof SVector);
export const bytevectorArg = is('a bytevector', (v) => v instanceof Bytevector);
export const booleanArg = is('a boolean', (v) => typeof v === 'boolean');
export const exactIntegerArg = is('an exact integer', (v) => typeof v === 'number' || typeof v === 'bigint');

/**
 * An index or a count. Any non-negative exact integer passes, bignums included: whether it is
 * in range for the object at hand is the builtin's check, with a message that says the range.
 */
export const indexArg = is('an exact non-negative integer', (v) => (typeof v === 'number' && v >= 0) || (typeof v === 'bigint' && v >= 0n));

/** A byte, for bytevectors. */
export const byteArg = is('a byte (an exact integer from 0 to 255)', (v) => typeof v === 'number' && v >= 0 && v <= 255);

export const portArg = is('a port', (v) => v instanceof Port);
export const inputPortArg = is('an input port', (v) => v instanceof Port && v.input);
export const outputPortArg = is('an output port', (v) => v instanceof Port && !v.input);
export const textualInputPortArg = is('a textual input port', (v) => v instanceof Port && v.input && v.textual);
export const textualOutputPortArg = is('a textual output port', (v) => v instanceof Port && !v.input && v.textual);
export const binaryInputPortArg = is('a binary input port', (v) => v instanceof Port && v.input && !v.textual);
export const binaryOutputPortArg = is('a binary output port', (v) => v instanceof Port && !v.input && !v.textual);
