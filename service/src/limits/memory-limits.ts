/**
 * Limits held in this process's memory: the default for one instance.
 *
 * JavaScript runs one callback at a time, so each check-and-count below is atomic without locks.
 * In-flight slots are `Limiter` permits with leases (`../concurrency/limiter.js`). Old windows and
 * idle limiters are swept whenever the minute changes, so memory tracks only active keys and IPs.
 */
import { createLimiter, type Limiter, type Permit } from '../concurrency/limiter.js';
import { dayWindow, minuteWindow, type Window } from './month.js';
import { checkLimit, checkLease, demoDecision, rateDecision } from './decisions.js';
import { DEMO_PER_DAY, DEMO_PER_MINUTE, type DemoDecision, type InFlightResult, type Lease, type Limits, type RateDecision } from './types.js';

/** Fixed-window counters: name → count of accepted hits in window `index`. */
class WindowCounter {
  readonly #counts = new Map<string, { index: number; count: number }>();

  get(name: string, w: Window): number {
    const e = this.#counts.get(name);
    return e && e.index === w.index ? e.count : 0;
  }

  increment(name: string, w: Window): number {
    const count = this.get(name, w) + 1;
    this.#counts.set(name, { index: w.index, count });
    return count;
  }

  /** Drops entries of windows other than `index` (they can never be read again). */
  sweep(index: number): void {
    for (const [name, e] of this.#counts) if (e.index < index) this.#counts.delete(name);
  }
}

/** Limits in memory. */
export function createMemoryLimits(): Limits {
  const rate = new WindowCounter();
  const demoMinute = new WindowCounter();
  const demoDay = new WindowCounter();
  const accounts = new Map<string, Limiter>();
  const permits = new Map<string, Permit>();
  let lastMinute = -Infinity;

  const maintain = (nowMs: number): void => {
    const m = minuteWindow(nowMs).index;
    // Only forward: a clock stepping back (or a test's earlier nowMs) must not drop live counts.
    if (m <= lastMinute) return;
    lastMinute = m;
    rate.sweep(m);
    demoMinute.sweep(m);
    demoDay.sweep(dayWindow(nowMs).index);
    for (const [id, p] of permits) if (p.expiresAtMs <= nowMs) permits.delete(id);
    for (const [acct, l] of accounts) if (l.inUse(nowMs) === 0) accounts.delete(acct);
  };

  const rateCheck = (keyId: string, limit: number, nowMs: number, count: boolean): RateDecision => {
    checkLimit(limit);
    maintain(nowMs);
    const w = minuteWindow(nowMs);
    const used = rate.get(keyId, w);
    if (count && used < limit) return rateDecision(true, limit, rate.increment(keyId, w), w);
    return rateDecision(!count && used < limit, limit, used, w);
  };

  return {
    kind: 'memory',
    async hitRate(keyId, limit, nowMs = Date.now()) {
      return rateCheck(keyId, limit, nowMs, true);
    },
    async peekRate(keyId, limit, nowMs = Date.now()) {
      return rateCheck(keyId, limit, nowMs, false);
    },
    async acquireInFlight(accountId, limit, leaseMs, nowMs = Date.now()): Promise<InFlightResult> {
      checkLimit(limit);
      checkLease(leaseMs);
      maintain(nowMs);
      let limiter = accounts.get(accountId);
      if (!limiter) accounts.set(accountId, (limiter = createLimiter(limit)));
      const permit = limiter.tryAcquire({ leaseMs, nowMs, capacity: limit });
      const current = limiter.inUse(nowMs);
      if (!permit) return { ok: false, current, limit, retryAfterS: 1 };
      permits.set(permit.id, permit);
      return { ok: true, lease: { id: permit.id, accountId, expiresAtMs: permit.expiresAtMs }, current, limit };
    },
    async releaseInFlight(lease: Lease) {
      permits.get(lease.id)?.release();
      permits.delete(lease.id);
    },
    async inFlight(accountId, nowMs = Date.now()) {
      return accounts.get(accountId)?.inUse(nowMs) ?? 0;
    },
    async demoHit(ip, nowMs = Date.now()): Promise<DemoDecision> {
      maintain(nowMs);
      const mw = minuteWindow(nowMs);
      const dw = dayWindow(nowMs);
      let m = demoMinute.get(ip, mw);
      let d = demoDay.get(ip, dw);
      const allowed = m < DEMO_PER_MINUTE && d < DEMO_PER_DAY;
      if (allowed) {
        m = demoMinute.increment(ip, mw);
        d = demoDay.increment(ip, dw);
      }
      return demoDecision(allowed, m, d, mw, dw);
    },
    async close() {},
  };
}
