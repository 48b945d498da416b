/**
 * The one conformance suite every `Limits` implementation passes (memory and Redis).
 * Not a test file itself: `limits.memory.test.ts` and `limits.redis.test.ts` call it.
 * Clocks are injected (`nowMs`), so window edges are tested exactly, not by sleeping.
 */
import { describe, expect, it } from 'vitest';
import { randomBase62 } from '../keys/keys.js';
import { DEMO_PER_DAY, DEMO_PER_MINUTE, type Limits } from './types.js';

/** How the suite reaches an implementation. */
export interface LimitsHarness {
  /** Another instance on the same shared state (memory: the same process-wide instance). */
  open(): Promise<Limits>;
}

const MIN = 60_000;
const DAY = 86_400_000;
/** Start of a UTC day, so minute and day windows begin here. */
const T0 = Date.UTC(2030, 0, 15);
const uniq = (label: string) => `${label}-${randomBase62(10)}`;

/** Registers the suite under `describe(name)`. */
export function limitsConformance(name: string, h: LimitsHarness): void {
  describe(`Limits conformance: ${name}`, () => {
    it('accepts exactly N of N+k concurrent hits in one window, across two instances', async () => {
      const [a, b] = await Promise.all([h.open(), h.open()]);
      const key = uniq('key');
      const now = T0 + 5 * MIN + 1_500;
      const results = await Promise.all(Array.from({ length: 75 }, (_, i) => (i % 2 ? a : b).hitRate(key, 60, now)));
      const accepted = results.filter((r) => r.allowed);
      expect(accepted).toHaveLength(60);
      expect(accepted.map((r) => r.remaining).sort((x, y) => x - y)).toEqual(Array.from({ length: 60 }, (_, i) => i));
      for (const r of results.filter((r) => !r.allowed)) {
        expect(r).toEqual({ allowed: false, limit: 60, remaining: 0, used: 60, resetS: 59, retryAfterS: 59 });
      }
      expect(await a.peekRate(key, 60, now)).toMatchObject({ allowed: false, used: 60, remaining: 0 });
    });

    it('peek does not count', async () => {
      const l = await h.open();
      const key = uniq('key');
      const now = T0 + 7 * MIN;
      for (let i = 0; i < 5; i++) expect(await l.peekRate(key, 3, now)).toEqual({ allowed: true, limit: 3, remaining: 3, used: 0, resetS: 60, retryAfterS: 0 });
      await l.hitRate(key, 3, now);
      await l.hitRate(key, 3, now);
      expect(await l.peekRate(key, 3, now)).toMatchObject({ allowed: true, remaining: 1, used: 2 });
      expect(await l.hitRate(key, 3, now)).toMatchObject({ allowed: true, remaining: 0, used: 3 });
      expect(await l.peekRate(key, 3, now)).toMatchObject({ allowed: false, remaining: 0, used: 3 });
    });

    it('resets at the minute boundary; reset seconds count down to it', async () => {
      const l = await h.open();
      const key = uniq('key');
      const start = T0 + 9 * MIN;
      expect(await l.hitRate(key, 2, start)).toMatchObject({ allowed: true, resetS: 60 });
      expect(await l.hitRate(key, 2, start + 30_500)).toMatchObject({ allowed: true, resetS: 30 });
      expect(await l.hitRate(key, 2, start + MIN - 1)).toMatchObject({ allowed: false, resetS: 1, retryAfterS: 1 });
      expect(await l.hitRate(key, 2, start + MIN)).toMatchObject({ allowed: true, used: 1, remaining: 1, resetS: 60 });
    });

    it('keeps keys apart, and a limit of 0 refuses everything', async () => {
      const l = await h.open();
      const [k1, k2] = [uniq('key'), uniq('key')];
      const now = T0 + 11 * MIN;
      await l.hitRate(k1, 1, now);
      expect((await l.hitRate(k1, 1, now)).allowed).toBe(false);
      expect((await l.hitRate(k2, 1, now)).allowed).toBe(true);
      expect((await l.hitRate(uniq('key'), 0, now)).allowed).toBe(false);
    });

    it('grants exactly the in-flight limit under concurrency, across two instances', async () => {
      const [a, b] = await Promise.all([h.open(), h.open()]);
      const acct = uniq('acct');
      const now = T0 + 13 * MIN;
      const results = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).acquireInFlight(acct, 4, 10_000, now)));
      const ok = results.filter((r) => r.ok);
      expect(ok).toHaveLength(4);
      for (const r of results.filter((r) => !r.ok)) expect(r).toEqual({ ok: false, current: 4, limit: 4, retryAfterS: 1 });
      expect(await a.inFlight(acct, now)).toBe(4);
      expect(await b.inFlight(uniq('acct'), now)).toBe(0);
    });

    it('release frees one slot, and releasing twice frees it once', async () => {
      const l = await h.open();
      const acct = uniq('acct');
      const now = T0 + 15 * MIN;
      const leases = [];
      for (let i = 0; i < 3; i++) {
        const r = await l.acquireInFlight(acct, 3, 10_000, now);
        if (!r.ok) throw new Error('expected a lease');
        expect(r.current).toBe(i + 1);
        expect(r.lease).toMatchObject({ accountId: acct, expiresAtMs: now + 10_000 });
        leases.push(r.lease);
      }
      expect((await l.acquireInFlight(acct, 3, 10_000, now)).ok).toBe(false);
      await l.releaseInFlight(leases[0]!);
      await l.releaseInFlight(leases[0]!);
      expect(await l.inFlight(acct, now)).toBe(2);
      expect((await l.acquireInFlight(acct, 3, 10_000, now)).ok).toBe(true);
      expect((await l.acquireInFlight(acct, 3, 10_000, now)).ok).toBe(false);
    });

    it('lets an unreleased lease expire after leaseMs', async () => {
      const l = await h.open();
      const acct = uniq('acct');
      const now = T0 + 17 * MIN;
      const held = await l.acquireInFlight(acct, 1, 6_000, now);
      expect(held.ok).toBe(true);
      expect((await l.acquireInFlight(acct, 1, 6_000, now + 5_999)).ok).toBe(false);
      expect(await l.inFlight(acct, now + 5_999)).toBe(1);
      expect(await l.inFlight(acct, now + 6_000)).toBe(0);
      const again = await l.acquireInFlight(acct, 1, 6_000, now + 6_000);
      expect(again).toMatchObject({ ok: true, current: 1 });
      if (held.ok) await l.releaseInFlight(held.lease); // the stale lease must not free the new one
      expect(await l.inFlight(acct, now + 6_001)).toBe(1);
    });

    it('demo: 10 per minute per IP, refused hits not counted, next minute open again', async () => {
      const l = await h.open();
      const ip = `203.0.113.${Math.floor(Math.random() * 250)}-${uniq('ip')}`;
      const now = T0 + 20 * MIN + 10_000;
      const rs = [];
      for (let i = 0; i < DEMO_PER_MINUTE + 3; i++) rs.push(await l.demoHit(ip, now));
      expect(rs.filter((r) => r.allowed)).toHaveLength(DEMO_PER_MINUTE);
      expect(rs.at(-1)).toMatchObject({ allowed: false, retryAfterS: 50, minute: { remaining: 0, resetS: 50 } });
      expect(rs.at(-1)!.day.remaining).toBe(DEMO_PER_DAY - DEMO_PER_MINUTE);
      const next = await l.demoHit(ip, now + MIN);
      expect(next).toMatchObject({ allowed: true, retryAfterS: 0, minute: { remaining: DEMO_PER_MINUTE - 1 } });
      expect(await l.demoHit('::1-' + ip, now)).toMatchObject({ allowed: true });
    });

    it('demo: 100 per UTC day per IP, then refused until the next day', async () => {
      const l = await h.open();
      const ip = `2001:db8::${uniq('ip')}`;
      const day = T0 + 3 * DAY;
      let allowed = 0;
      for (let m = 0; m < DEMO_PER_DAY / DEMO_PER_MINUTE; m++) {
        const rs = await Promise.all(Array.from({ length: DEMO_PER_MINUTE }, () => l.demoHit(ip, day + m * MIN)));
        allowed += rs.filter((r) => r.allowed).length;
      }
      expect(allowed).toBe(DEMO_PER_DAY);
      const late = day + 23 * 3_600_000; // one hour before the day ends
      expect(await l.demoHit(ip, late)).toMatchObject({ allowed: false, retryAfterS: 3600, day: { remaining: 0, resetS: 3600 } });
      expect((await l.demoHit(ip, day + DAY)).allowed).toBe(true);
    });

    it.each([
      ['rate limit -1', (l: Limits) => l.hitRate('k', -1, T0)],
      ['rate limit 1.5', (l: Limits) => l.peekRate('k', 1.5, T0)],
      ['in-flight limit -1', (l: Limits) => l.acquireInFlight('a', -1, 1000, T0)],
      ['lease 0 ms', (l: Limits) => l.acquireInFlight('a', 1, 0, T0)],
    ])('refuses %s with invalid_argument', async (_label, call) => {
      const l = await h.open();
      await expect(call(l)).rejects.toMatchObject({ name: 'ServiceFault', code: 'invalid_argument' });
    });
  });
}
