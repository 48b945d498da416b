/**
 * Printed form of a number: the numbers module's writer, so `write`, `number->string` and the
 * json copy agree on every digit.
 */
import { numberToString } from '../numbers/index.js';
import type { SchemeNumber } from '../values.js';

/** `42`, `1/3`, `1.0`, `+inf.0`, `-0.0` … */
export function numberText(n: SchemeNumber): string {
  return numberToString(n);
}
