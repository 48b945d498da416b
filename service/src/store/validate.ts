/**
 * Argument checks shared by both stores, so that SQLite and PostgreSQL refuse the same inputs with
 * the same messages (the conformance suite checks both).
 */
import { ServiceFault } from '../errors.js';
import { isMonth } from '../limits/month.js';
import { DEFAULT_PLAN, getPlan } from './plans.js';
import type { CpuCharge, CreateKeyInput } from './types.js';

/** Longest account name accepted. */
export const MAX_ACCOUNT_NAME = 200;

/** `CreateKeyInput` checked: the plan exists, the quota is a non-negative safe integer. */
export interface CheckedCreateKey {
  account: string;
  /** Null when the caller gave none (an existing account keeps its plan). */
  plan: string | null;
  cpuQuotaMs: number | null;
}

/** Checks `createKey` input; throws `ServiceFault` `invalid_argument`. */
export function checkCreateKey(input: CreateKeyInput): CheckedCreateKey {
  const account = input.account;
  if (typeof account !== 'string' || account.trim() === '' || account.length > MAX_ACCOUNT_NAME) {
    throw new ServiceFault('invalid_argument', `account name must be 1 to ${MAX_ACCOUNT_NAME} characters, not blank`);
  }
  const plan = input.plan === undefined ? null : getPlan(input.plan).name;
  const q = input.cpuQuotaMs;
  if (q !== undefined && (!Number.isSafeInteger(q) || q < 0)) {
    throw new ServiceFault('invalid_argument', `cpu quota must be an integer number of ms >= 0, got ${q}`);
  }
  return { account, plan, cpuQuotaMs: q ?? null };
}

/** The plan a NEW account gets from checked input. */
export function newAccountPlan(c: CheckedCreateKey): string {
  return c.plan ?? DEFAULT_PLAN;
}

/** Checks `addCpuUsage` / `getCpuUsage` arguments; throws `ServiceFault` `invalid_argument`. */
export function checkUsage(month: string, ms?: number): void {
  if (!isMonth(month)) throw new ServiceFault('invalid_argument', `month must be YYYY-MM, got "${month}"`);
  if (ms !== undefined && (!Number.isSafeInteger(ms) || ms < 0)) {
    throw new ServiceFault('invalid_argument', `cpu ms must be an integer >= 0, got ${ms}`);
  }
}

/** Checks `addCpuUsageBatch` charges: each as `checkUsage`, and no (account, month) twice. */
export function checkCharges(charges: readonly CpuCharge[]): void {
  const seen = new Set<string>();
  for (const c of charges) {
    checkUsage(c.month, c.ms);
    const k = `${c.accountId}\u0000${c.month}`;
    if (seen.has(k)) throw new ServiceFault('invalid_argument', `account ${c.accountId} is charged twice for ${c.month} in one batch; sum the charges first`);
    seen.add(k);
  }
}
