/**
 * Small builtins with no better home: time (R7RS 6.14; the clock is the host's monotonic
 * one, which reveals nothing about the host) and feature queries.
 */
import { list, sym, Flonum } from '../values.js';
import { defineBuiltin, type BuiltinTable } from './define.js';

const JIFFIES_PER_SECOND = 1_000_000;

/** The feature identifiers of `features` and `cond-expand` (no complex numbers here). */
export const FEATURES: readonly string[] = ['r7rs', 'exact-closed', 'ratios', 'full-unicode'];

/** Time and features. */
export const MISC_BUILTINS: BuiltinTable = [
  defineBuiltin({
    name: 'current-jiffy', args: [], doc: 'Microseconds on a monotonic clock (R7RS jiffies).',
    fn: () => Math.floor(performance.now() * 1000),
  }),
  defineBuiltin({
    name: 'jiffies-per-second', args: [], doc: 'Jiffies in a second: 1000000.',
    fn: () => JIFFIES_PER_SECOND,
  }),
  defineBuiltin({
    name: 'current-second', args: [], doc: 'Seconds since the epoch, inexact.',
    fn: () => new Flonum(Date.now() / 1000),
  }),
  defineBuiltin({
    name: 'features', args: [], doc: 'The implementation features.',
    fn: () => list(...FEATURES.map((f) => sym(f))),
  }),
];
