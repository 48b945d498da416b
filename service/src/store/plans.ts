/**
 * The table of plans. Plans are code, not data: changing a plan's limits is a deploy, and every
 * instance of one build agrees on them. An account stores only its plan NAME and an optional CPU
 * quota override (`keys create --cpu-quota-ms`).
 */
import { ServiceFault } from '../errors.js';
import type { KeyRecord, Plan } from './types.js';

/** Name of the plan a new account gets. */
export const DEFAULT_PLAN = 'free';

/**
 * Every plan by name. `free` follows evaluation-api.md §8 (60/min per key, 4 in flight per account);
 * its CPU quota, one CPU-hour a month, is our choice (service/docs/limits.md): at the API's
 * default 1 s timeout that is still thousands of typical sub-10 ms evaluations a day.
 */
export const PLANS: Readonly<Record<string, Plan>> = Object.freeze({
  free: { name: 'free', ratePerMinute: 60, inFlight: 4, cpuQuotaMs: 3_600_000 },
  pro: { name: 'pro', ratePerMinute: 600, inFlight: 16, cpuQuotaMs: 36_000_000 },
});

/** The plan called `name`; throws `ServiceFault` `invalid_argument` naming the known plans. */
export function getPlan(name: string): Plan {
  const plan = Object.hasOwn(PLANS, name) ? PLANS[name] : undefined;
  if (!plan) {
    throw new ServiceFault('invalid_argument', `unknown plan "${name}"; known plans: ${Object.keys(PLANS).join(', ')}`);
  }
  return plan;
}

/**
 * The plan of a stored account. A plan name this build no longer knows (a plan removed while
 * accounts still use it) falls back to `free`'s limits rather than locking the account out.
 */
export function planOrDefault(name: string): Plan {
  return Object.hasOwn(PLANS, name) ? PLANS[name]! : { ...PLANS[DEFAULT_PLAN]!, name };
}

/** An account's effective monthly CPU quota: its override when set, else its plan's. */
export function effectiveQuota(plan: string, overrideMs: number | null): number {
  return overrideMs ?? planOrDefault(plan).cpuQuotaMs;
}

/** A `KeyRecord` from what both stores read: the plan's limits resolved here, in one place. */
export function keyRecordOf(row: {
  keyId: string;
  accountId: string;
  account: string;
  plan: string;
  cpuQuotaOverrideMs: number | null;
  revoked: boolean;
}): KeyRecord {
  const plan = planOrDefault(row.plan);
  return {
    keyId: row.keyId,
    accountId: row.accountId,
    account: row.account,
    plan: row.plan,
    ratePerMinute: plan.ratePerMinute,
    inFlightLimit: plan.inFlight,
    cpuQuotaMs: row.cpuQuotaOverrideMs ?? plan.cpuQuotaMs,
    revoked: row.revoked,
  };
}
