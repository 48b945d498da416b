/**
 * Billing with group commit. Each evaluation's charge must be durable before its answer is sent,
 * and the SQLite store fsyncs every commit (synchronous=FULL, ~2 ms here, on the event loop).
 * Charges that arrive in the same event-loop turn for the same account and month are summed into
 * ONE `addCpuUsage` call, and each waiter is answered when the commit holding its charge returns.
 * The batch forms by itself: while one commit blocks, the next evaluations' results queue up and
 * are flushed together on the following turn. Different accounts still commit separately
 * (the Store interface has no multi-row call).
 */
import { billableMs } from '../limits/quota.js';
import { monthOf } from '../limits/month.js';
import type { Store } from '../store/types.js';

/** Durable CPU charges. */
export interface Biller {
  /** Charges max(1, ceil(cpuMs)) to the account's current UTC month; resolves once stored. */
  bill(accountId: string, cpuMs: number): Promise<void>;
}

interface Batch {
  readonly accountId: string;
  readonly month: string;
  ms: number;
  readonly waiters: { resolve: () => void; reject: (e: unknown) => void }[];
}

/**
 * A biller over `store`.
 * @example const biller = createBiller(store); await biller.bill(record.accountId, result.cpuMs);
 */
export function createBiller(store: Store, now: () => number = Date.now): Biller {
  let queued = new Map<string, Batch>();
  let scheduled = false;

  const flush = (): void => {
    scheduled = false;
    const batches = queued;
    queued = new Map();
    for (const b of batches.values()) {
      store.addCpuUsage(b.accountId, b.month, b.ms).then(
        () => b.waiters.forEach((w) => w.resolve()),
        (err: unknown) => b.waiters.forEach((w) => w.reject(err)),
      );
    }
  };

  return {
    bill(accountId, cpuMs) {
      const month = monthOf(now());
      const key = `${accountId}\u0000${month}`;
      let batch = queued.get(key);
      if (!batch) queued.set(key, (batch = { accountId, month, ms: 0, waiters: [] }));
      batch.ms += billableMs(cpuMs);
      const b = batch;
      return new Promise<void>((resolve, reject) => {
        b.waiters.push({ resolve, reject });
        if (!scheduled) {
          scheduled = true;
          setImmediate(flush);
        }
      });
    },
  };
}
