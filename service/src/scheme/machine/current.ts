/**
 * The machine of the evaluation in progress, for the few places that run without one in hand
 * (a simple node's `ev` calling a builtin that needs the BuiltinContext). Evaluations are
 * synchronous and never nested, so one slot suffices.
 */
import type { Machine } from './machine.js';

/** The running machine, or null between evaluations. */
export const current: { m: Machine | null } = { m: null };
