/**
 * Inline fast paths for the hottest builtins when called by their global name: small exact
 * integers and the obvious pair/vector cases. Anything else returns NOPE and the call goes to
 * the real builtin (so error messages and the numeric tower stay in one place).
 */
import { NIL, Pair, SVector, type Value } from '../values.js';

/** "No fast answer": call the builtin. */
export const NOPE: unique symbol = Symbol('nope');
/** Fast path of a one-argument builtin. */
export type Fast1 = (a: Value) => Value | typeof NOPE;
/** Fast path of a two-argument builtin. */
export type Fast2 = (a: Value, b: Value) => Value | typeof NOPE;

const MAX = Number.MAX_SAFE_INTEGER;
/** An integer result, or NOPE when it left the small range (then the builtin makes a bigint). */
const small = (r: number): Value | typeof NOPE => (r <= MAX && r >= -MAX ? r + 0 : NOPE);

/** One-argument fast paths by builtin name. */
export const FAST1: ReadonlyMap<string, Fast1> = new Map<string, Fast1>([
  ['car', (a) => (a instanceof Pair ? a.car : NOPE)],
  ['cdr', (a) => (a instanceof Pair ? a.cdr : NOPE)],
  ['cadr', (a) => (a instanceof Pair && a.cdr instanceof Pair ? a.cdr.car : NOPE)],
  ['cddr', (a) => (a instanceof Pair && a.cdr instanceof Pair ? a.cdr.cdr : NOPE)],
  ['caar', (a) => (a instanceof Pair && a.car instanceof Pair ? a.car.car : NOPE)],
  ['null?', (a) => a === NIL],
  ['pair?', (a) => a instanceof Pair],
  ['not', (a) => a === false],
  ['zero?', (a) => (typeof a === 'number' ? a === 0 : NOPE)],
  ['-', (a) => (typeof a === 'number' ? 0 - a : NOPE)],
  ['vector-length', (a) => (a instanceof SVector ? a.items.length : NOPE)],
]);

/** Two-argument fast paths by builtin name. */
export const FAST2: ReadonlyMap<string, Fast2> = new Map<string, Fast2>([
  ['+', (a, b) => (typeof a === 'number' && typeof b === 'number' ? small(a + b) : NOPE)],
  ['-', (a, b) => (typeof a === 'number' && typeof b === 'number' ? small(a - b) : NOPE)],
  ['*', (a, b) => (typeof a === 'number' && typeof b === 'number' ? small(a * b) : NOPE)],
  ['<', (a, b) => (typeof a === 'number' && typeof b === 'number' ? a < b : NOPE)],
  ['>', (a, b) => (typeof a === 'number' && typeof b === 'number' ? a > b : NOPE)],
  ['<=', (a, b) => (typeof a === 'number' && typeof b === 'number' ? a <= b : NOPE)],
  ['>=', (a, b) => (typeof a === 'number' && typeof b === 'number' ? a >= b : NOPE)],
  ['=', (a, b) => (typeof a === 'number' && typeof b === 'number' ? a === b : NOPE)],
  ['eq?', (a, b) => (a === b ? true : NOPE)],
  ['eqv?', (a, b) => (a === b ? true : NOPE)],
  ['equal?', (a, b) => (a === b ? true : NOPE)],
  ['cons', (a, b) => new Pair(a, b)],
  ['remainder', (a, b) => (typeof a === 'number' && typeof b === 'number' && b !== 0 ? (a % b) + 0 : NOPE)],
  ['quotient', (a, b) => (typeof a === 'number' && typeof b === 'number' && b !== 0 ? (a - (a % b)) / b + 0 : NOPE)],
  [
    'modulo',
    (a, b) => {
      if (typeof a !== 'number' || typeof b !== 'number' || b === 0) return NOPE;
      const r = a % b;
      return (r !== 0 && r < 0 !== b < 0 ? r + b : r) + 0;
    },
  ],
  [
    'vector-ref',
    (a, b) =>
      a instanceof SVector && typeof b === 'number' && b >= 0 && b < a.items.length ? a.items[b]! : NOPE,
  ],
]);
