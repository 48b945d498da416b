/**
 * Billing with group commit. Each evaluation's charge must be durable before its answer is sent.
 * Charges that arrive in the same event-loop turn, for any accounts, are written by ONE
 * `addCpuUsageBatch` call (one transaction, one commit), the charges of one account and month
 * summed; each waiter is answered only when the commit holding its charge has returned, so no
 * acknowledged charge can be lost to a crash. The batch forms by itself: while one commit runs,
 * the next evaluations' results queue up and are flushed together on the following turn.
 */
import { billableMs } from '../limits/quota.js';
import { monthOf } from '../limits/month.js';
import type { CpuCharge, Store } from '../store/types.js';

/** Durable CPU charges. */
export interface Biller {
  /** Charges max(1, ceil(cpuMs)) to the account's current UTC month; resolves once stored. */
  bill(accountId: string, cpuMs: number): Promise<void>;
}

interface Waiter {
  readonly resolve: () => void;
  readonly reject: (e: unknown) => void;
}

/**
 * A biller over `store`.
 * @example const biller = createBiller(store); await biller.bill(record.accountId, result.cpuMs);
 */
export function createBiller(store: Store, now: () => number = Date.now): Biller {
  /** (account, month) → its summed charge in the batch being formed. */
  let charges = new Map<string, { accountId: string; month: string; ms: number }>();
  let waiters: Waiter[] = [];
  let scheduled = false;

  const flush = (): void => {
    scheduled = false;
    const batch: CpuCharge[] = [...charges.values()];
    const answer = waiters;
    charges = new Map();
    waiters = [];
    store.addCpuUsageBatch(batch).then(
      () => {
        for (const w of answer) w.resolve();
      },
      (err: unknown) => {
        for (const w of answer) w.reject(err);
      },
    );
  };

  return {
    bill(accountId, cpuMs) {
      const month = monthOf(now());
      const key = `${accountId}\u0000${month}`;
      const ms = billableMs(cpuMs);
      const c = charges.get(key);
      if (c) c.ms += ms;
      else charges.set(key, { accountId, month, ms });
      if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
      return new Promise<void>((resolve, reject) => {
        waiters.push({ resolve, reject });
      });
    },
  };
}
