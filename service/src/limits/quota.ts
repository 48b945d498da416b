/**
 * The monthly CPU quota check and billing, shared by every store.
 *
 * The HTTP layer checks the standing before an evaluation (`quotaStatus` on the usage read with
 * the key, or `checkQuota`; 429 `cpu_quota_exceeded` when `exceeded`) and charges `billableMs`
 * after it (`../http/billing.ts`, group commit), awaiting the charge BEFORE sending the response
 * so a crash after the answer cannot lose it (evaluator-decisions.md: "stored durably"). Evaluations already
 * in flight when the quota runs out are allowed to finish, so usage can overshoot the quota by at
 * most in-flight × max timeout; the next request is refused.
 */
import type { Store } from '../store/types.js';
import { monthOf, secondsUntilNextMonth } from './month.js';

/** The account's CPU standing for the Limits body's `cpu` object. */
export interface QuotaStatus {
  /** `YYYY-MM` (UTC). */
  month: string;
  quotaMs: number;
  usedMs: number;
  /** max(0, quota − used). */
  remainingMs: number;
  /** Seconds until the next UTC month, when usage restarts at 0. */
  resetS: number;
  /** True when nothing is left: refuse with 429 and Retry-After = resetS. */
  exceeded: boolean;
}

/** What `checkQuota` needs about the account (a `KeyRecord` fits). */
export interface QuotaSubject {
  accountId: string;
  cpuQuotaMs: number;
}

/**
 * The account's CPU standing for the month containing `nowMs`.
 * @example const q = await checkQuota(store, record); if (q.exceeded) reply429(q.resetS);
 */
export async function checkQuota(store: Store, subject: QuotaSubject, nowMs = Date.now()): Promise<QuotaStatus> {
  return quotaStatus(subject, await store.getCpuUsage(subject.accountId, monthOf(nowMs)), nowMs);
}

/**
 * The standing from a usage already read for the month containing `nowMs` (the request path reads
 * it together with the key: `Store.findKeyWithUsage`).
 */
export function quotaStatus(subject: QuotaSubject, usedMs: number, nowMs = Date.now()): QuotaStatus {
  const remainingMs = Math.max(0, subject.cpuQuotaMs - usedMs);
  return {
    month: monthOf(nowMs),
    quotaMs: subject.cpuQuotaMs,
    usedMs,
    remainingMs,
    resetS: secondsUntilNextMonth(nowMs),
    exceeded: remainingMs <= 0,
  };
}

/** What one evaluation costs: max(1, ceil(cpu_ms)) (evaluation-api.md §8). */
export function billableMs(cpuMs: number): number {
  // Of the cpu_ms the client is shown (rounded to 3 decimals in the EvalResponse), so that
  // 4.0000004 ms, shown as 4, is billed 4 and not 5.
  return Number.isFinite(cpuMs) ? Math.max(1, Math.ceil(Math.round(cpuMs * 1000) / 1000)) : 1;
}

/**
 * Charges one evaluation to the account's month (the month the evaluation ENDED in) and returns
 * the month's new total. Await it before answering.
 */
export async function billCpu(store: Store, accountId: string, cpuMs: number, nowMs = Date.now()): Promise<number> {
  return store.addCpuUsage(accountId, monthOf(nowMs), billableMs(cpuMs));
}
