/**
 * Turning counts into answers, shared by the memory and Redis limits so both answer alike: the
 * implementations only differ in where the counts live.
 */
import { ServiceFault } from '../errors.js';
import type { Window } from './month.js';
import { DEMO_PER_DAY, DEMO_PER_MINUTE, type DemoDecision, type RateDecision } from './types.js';

/** Throws `invalid_argument` unless `limit` is an integer >= 0. */
export function checkLimit(limit: number): void {
  if (!Number.isSafeInteger(limit) || limit < 0) throw new ServiceFault('invalid_argument', `limit must be an integer >= 0, got ${limit}`);
}

/** Throws `invalid_argument` unless `leaseMs` is an integer >= 1. */
export function checkLease(leaseMs: number): void {
  if (!Number.isSafeInteger(leaseMs) || leaseMs < 1) throw new ServiceFault('invalid_argument', `leaseMs must be an integer >= 1, got ${leaseMs}`);
}

/** The rate answer for `used` accepted hits in window `w`. */
export function rateDecision(allowed: boolean, limit: number, used: number, w: Window): RateDecision {
  return {
    allowed,
    limit,
    remaining: Math.max(0, limit - used),
    used: Math.min(used, limit),
    resetS: w.resetS,
    retryAfterS: allowed ? 0 : w.resetS,
  };
}

/**
 * The demo answer for counts `m` (minute) and `d` (day). A refusal waits for every exhausted
 * window: when the day is used up, the next minute would be refused too.
 */
export function demoDecision(allowed: boolean, m: number, d: number, mw: Window, dw: Window): DemoDecision {
  let retryAfterS = 0;
  if (!allowed) {
    if (m >= DEMO_PER_MINUTE) retryAfterS = Math.max(retryAfterS, mw.resetS);
    if (d >= DEMO_PER_DAY) retryAfterS = Math.max(retryAfterS, dw.resetS);
  }
  return {
    allowed,
    retryAfterS,
    minute: { limit: DEMO_PER_MINUTE, remaining: Math.max(0, DEMO_PER_MINUTE - m), resetS: mw.resetS },
    day: { limit: DEMO_PER_DAY, remaining: Math.max(0, DEMO_PER_DAY - d), resetS: dw.resetS },
  };
}
