/**
 * The one conformance suite every `Store` implementation passes (SQLite and PostgreSQL).
 * Not a test file itself: `store.sqlite.test.ts` and `store.postgres.test.ts` call it.
 */
import { describe, expect, it } from 'vitest';
import { ServiceFault } from '../errors.js';
import { hashKey, isKeyId, isWellFormedKey, randomBase62 } from '../keys/keys.js';
import { PLANS } from './plans.js';
import type { Store } from './types.js';

/** How the suite reaches an implementation. */
export interface StoreHarness {
  /** Opens ANOTHER instance on the same database (a second process in production). */
  open(): Promise<Store>;
}

const uniq = (label: string) => `${label}-${randomBase62(10)}`;

async function withStore<T>(h: StoreHarness, fn: (s: Store) => Promise<T>): Promise<T> {
  const s = await h.open();
  try {
    return await fn(s);
  } finally {
    await s.close();
  }
}

/** Registers the suite under `describe(name)`. */
export function storeConformance(name: string, h: StoreHarness): void {
  describe(`Store conformance: ${name}`, () => {
    it('migrates idempotently, also when instances start at once', async () => {
      const stores = await Promise.all([h.open(), h.open(), h.open()]);
      await stores[0]!.migrate();
      await stores[0]!.migrate();
      await Promise.all(stores.map((s) => s.migrate()));
      await Promise.all(stores.map((s) => s.close()));
    });

    it('creates a key: well-formed, found by hash, free plan by default', () =>
      withStore(h, async (s) => {
        const account = uniq('alice');
        const c = await s.createKey({ account });
        expect(isWellFormedKey(c.key)).toBe(true);
        expect(c.key).toMatch(/^sk_[A-Za-z0-9]{40}$/);
        expect(isKeyId(c.keyId)).toBe(true);
        expect(c).toMatchObject({ account, plan: 'free', cpuQuotaMs: PLANS.free!.cpuQuotaMs });
        const rec = await s.findKeyByHash(hashKey(c.key));
        expect(rec).toEqual({
          keyId: c.keyId,
          accountId: c.accountId,
          account,
          plan: 'free',
          ratePerMinute: 60,
          inFlightLimit: 4,
          cpuQuotaMs: PLANS.free!.cpuQuotaMs,
          revoked: false,
        });
        expect(await s.authenticate(c.key)).toEqual(rec);
      }));

    it('finds nothing for unknown or malformed keys', () =>
      withStore(h, async (s) => {
        expect(await s.findKeyByHash(hashKey('sk_' + 'x'.repeat(40)))).toBeNull();
        expect(await s.authenticate('sk_' + 'x'.repeat(40))).toBeNull();
        expect(await s.authenticate('sk_short')).toBeNull();
        expect(await s.revokeKey('sk_short')).toBe(false);
        expect(await s.revokeKey('key_doesnotexist')).toBe(false);
      }));

    it('reuses the account; plan and quota change only when given', () =>
      withStore(h, async (s) => {
        const account = uniq('bob');
        const a = await s.createKey({ account, cpuQuotaMs: 5000 });
        const b = await s.createKey({ account });
        expect(b.accountId).toBe(a.accountId);
        expect(b.keyId).not.toBe(a.keyId);
        expect(b.cpuQuotaMs).toBe(5000);
        const c = await s.createKey({ account, plan: 'pro' });
        expect(c).toMatchObject({ plan: 'pro', cpuQuotaMs: 5000 });
        expect((await s.authenticate(a.key))?.ratePerMinute).toBe(PLANS.pro!.ratePerMinute);
        const d = await s.createKey({ account, cpuQuotaMs: 0 });
        expect(d.cpuQuotaMs).toBe(0);
      }));

    it('creates one account when keys for a new account are created at once, across instances', async () => {
      const [a, b] = await Promise.all([h.open(), h.open()]);
      try {
        const account = uniq('judy');
        const made = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).createKey({ account })));
        expect(new Set(made.map((m) => m.accountId)).size).toBe(1);
        expect(new Set(made.map((m) => m.keyId)).size).toBe(10);
        const mine = (await a.listAccounts()).filter((x) => x.account === account);
        expect(mine).toHaveLength(1);
        expect(mine[0]!.keys).toHaveLength(10);
      } finally {
        await Promise.all([a.close(), b.close()]);
      }
    });

    it.each([
      [{ account: '' }],
      [{ account: '   ' }],
      [{ account: 'x'.repeat(201) }],
      [{ account: 'ok', plan: 'platinum' }],
      [{ account: 'ok', cpuQuotaMs: -1 }],
      [{ account: 'ok', cpuQuotaMs: 1.5 }],
    ])('refuses bad createKey input %j with invalid_argument', (input) =>
      withStore(h, async (s) => {
        await expect(s.createKey(input)).rejects.toMatchObject({ name: 'ServiceFault', code: 'invalid_argument' });
      }));

    it('revokes by key and by key id; a revoked key is not valid; other keys stay valid', () =>
      withStore(h, async (s) => {
        const account = uniq('carol');
        const k1 = await s.createKey({ account });
        const k2 = await s.createKey({ account });
        const k3 = await s.createKey({ account });
        expect(await s.revokeKey(k1.key)).toBe(true);
        expect(await s.revokeKey(k1.key)).toBe(false);
        expect(await s.revokeKey(k2.keyId)).toBe(true);
        expect(await s.revokeKey(k2.keyId)).toBe(false);
        expect(await s.authenticate(k1.key)).toBeNull();
        expect(await s.authenticate(k2.key)).toBeNull();
        expect((await s.findKeyByHash(hashKey(k1.key)))?.revoked).toBe(true);
        expect((await s.authenticate(k3.key))?.keyId).toBe(k3.keyId);
      }));

    it('lists accounts and key ids, never a key or its hash', () =>
      withStore(h, async (s) => {
        const account = uniq('dave');
        const k1 = await s.createKey({ account, plan: 'pro', cpuQuotaMs: 42 });
        const k2 = await s.createKey({ account });
        await s.revokeKey(k1.keyId);
        const list = await s.listAccounts();
        const mine = list.find((a) => a.account === account);
        expect(mine).toMatchObject({ accountId: k1.accountId, plan: 'pro', cpuQuotaMs: 42 });
        expect(mine!.keys.map((k) => k.keyId)).toEqual([k1.keyId, k2.keyId]);
        expect(mine!.keys[0]!.revokedAt).not.toBeNull();
        expect(mine!.keys[1]!.revokedAt).toBeNull();
        expect(Number.isNaN(Date.parse(mine!.keys[0]!.createdAt))).toBe(false);
        const text = JSON.stringify(list);
        for (const k of [k1, k2]) {
          expect(text).not.toContain(k.key);
          expect(text).not.toContain(k.key.slice(3));
          expect(text).not.toContain(hashKey(k.key));
        }
        const names = list.map((a) => a.account);
        expect(names).toEqual([...names].sort());
      }));

    it('adds CPU usage atomically under 200 concurrent increments', () =>
      withStore(h, async (s) => {
        const { accountId } = await s.createKey({ account: uniq('erin') });
        const totals = await Promise.all(Array.from({ length: 200 }, () => s.addCpuUsage(accountId, '2026-03', 3)));
        expect(await s.getCpuUsage(accountId, '2026-03')).toBe(600);
        // Each increment saw a distinct running total: no lost update.
        expect(new Set(totals).size).toBe(200);
        expect(Math.max(...totals)).toBe(600);
      }));

    it('adds a batch of charges in one call and returns the new totals in order', () =>
      withStore(h, async (s) => {
        const a = await s.createKey({ account: uniq('batch-a') });
        const b = await s.createKey({ account: uniq('batch-b') });
        await s.addCpuUsage(a.accountId, '2026-08', 5);
        expect(await s.addCpuUsageBatch([])).toEqual([]);
        const totals = await s.addCpuUsageBatch([
          { accountId: b.accountId, month: '2026-08', ms: 2 },
          { accountId: a.accountId, month: '2026-08', ms: 3 },
          { accountId: a.accountId, month: '2026-09', ms: 4 },
        ]);
        expect(totals).toEqual([2, 8, 4]);
        expect(await s.getCpuUsage(a.accountId, '2026-08')).toBe(8);
        expect(await s.getCpuUsage(a.accountId, '2026-09')).toBe(4);
        expect(await s.getCpuUsage(b.accountId, '2026-08')).toBe(2);
      }));

    it('adds batches atomically under concurrent batches', () =>
      withStore(h, async (s) => {
        const a = await s.createKey({ account: uniq('batch-c') });
        const b = await s.createKey({ account: uniq('batch-d') });
        await Promise.all(
          Array.from({ length: 50 }, (_, i) =>
            s.addCpuUsageBatch(
              i % 2
                ? [
                    { accountId: a.accountId, month: '2026-10', ms: 1 },
                    { accountId: b.accountId, month: '2026-10', ms: 2 },
                  ]
                : [
                    { accountId: b.accountId, month: '2026-10', ms: 2 },
                    { accountId: a.accountId, month: '2026-10', ms: 1 },
                  ],
            ),
          ),
        );
        expect(await s.getCpuUsage(a.accountId, '2026-10')).toBe(50);
        expect(await s.getCpuUsage(b.accountId, '2026-10')).toBe(100);
      }));

    it('refuses a whole batch with a bad charge or an account-month twice, adding nothing', () =>
      withStore(h, async (s) => {
        const a = await s.createKey({ account: uniq('batch-e') });
        const good = { accountId: a.accountId, month: '2026-11', ms: 1 };
        await expect(s.addCpuUsageBatch([good, { ...good, month: '2026-13' }])).rejects.toMatchObject({ code: 'invalid_argument' });
        await expect(s.addCpuUsageBatch([good, good])).rejects.toMatchObject({ code: 'invalid_argument' });
        // An unknown account violates the foreign key: the transaction is rolled back whole.
        await expect(s.addCpuUsageBatch([good, { accountId: 'acc_nobody', month: '2026-11', ms: 1 }])).rejects.toMatchObject({
          code: 'store_unavailable',
        });
        expect(await s.getCpuUsage(a.accountId, '2026-11')).toBe(0);
      }));

    it('finds a key with its account’s usage of one month in one call', () =>
      withStore(h, async (s) => {
        const k = await s.createKey({ account: uniq('usage-key'), plan: 'pro', cpuQuotaMs: 77 });
        const other = await s.createKey({ account: uniq('usage-other') });
        const hash = hashKey(k.key);
        expect(await s.findKeyWithUsage(hash, '2026-08')).toEqual({ record: await s.findKeyByHash(hash), usedMs: 0 });
        await s.addCpuUsage(k.accountId, '2026-08', 12);
        await s.addCpuUsage(k.accountId, '2026-09', 5);
        await s.addCpuUsage(other.accountId, '2026-08', 100);
        const found = await s.findKeyWithUsage(hash, '2026-08');
        expect(found).toMatchObject({ record: { keyId: k.keyId, accountId: k.accountId, plan: 'pro', cpuQuotaMs: 77, revoked: false }, usedMs: 12 });
        expect((await s.findKeyWithUsage(hash, '2026-10'))?.usedMs).toBe(0);
        expect(await s.findKeyWithUsage(hashKey('sk_' + 'x'.repeat(40)), '2026-08')).toBeNull();
        await s.revokeKey(k.keyId);
        expect((await s.findKeyWithUsage(hash, '2026-08'))?.record.revoked).toBe(true);
        await expect(s.findKeyWithUsage(hash, '2026-8')).rejects.toMatchObject({ code: 'invalid_argument' });
      }));

    it('keeps months and accounts apart', () =>
      withStore(h, async (s) => {
        const a = await s.createKey({ account: uniq('frank') });
        const b = await s.createKey({ account: uniq('grace') });
        expect(await s.getCpuUsage(a.accountId, '2026-04')).toBe(0);
        expect(await s.addCpuUsage(a.accountId, '2026-04', 10)).toBe(10);
        expect(await s.addCpuUsage(a.accountId, '2026-05', 7)).toBe(7);
        expect(await s.addCpuUsage(a.accountId, '2026-04', 1)).toBe(11);
        expect(await s.getCpuUsage(a.accountId, '2026-04')).toBe(11);
        expect(await s.getCpuUsage(a.accountId, '2026-05')).toBe(7);
        expect(await s.getCpuUsage(b.accountId, '2026-04')).toBe(0);
      }));

    it.each([
      ['2026-13', 1],
      ['2026-4', 1],
      ['2026-04', -1],
      ['2026-04', 0.5],
    ])('refuses usage month %s / ms %s with invalid_argument', (month, ms) =>
      withStore(h, async (s) => {
        await expect(s.addCpuUsage('acc_x', month, ms)).rejects.toMatchObject({ code: 'invalid_argument' });
      }));

    it('shares state between two instances at once (revocation and usage seen immediately)', async () => {
      const [a, b] = await Promise.all([h.open(), h.open()]);
      try {
        const k = await a.createKey({ account: uniq('heidi') });
        expect((await b.authenticate(k.key))?.accountId).toBe(k.accountId);
        await Promise.all([
          ...Array.from({ length: 50 }, () => a.addCpuUsage(k.accountId, '2026-06', 1)),
          ...Array.from({ length: 50 }, () => b.addCpuUsage(k.accountId, '2026-06', 2)),
        ]);
        expect(await a.getCpuUsage(k.accountId, '2026-06')).toBe(150);
        expect(await b.revokeKey(k.key)).toBe(true);
        expect(await a.authenticate(k.key)).toBeNull();
      } finally {
        await Promise.all([a.close(), b.close()]);
      }
    });

    it('keeps everything across close and reopen', async () => {
      const account = uniq('ivan');
      const first = await h.open();
      const k = await first.createKey({ account, cpuQuotaMs: 99 });
      await first.addCpuUsage(k.accountId, '2026-07', 123);
      await first.close();
      await first.close(); // idempotent
      await expect(first.getCpuUsage(k.accountId, '2026-07')).rejects.toBeInstanceOf(ServiceFault);
      const second = await h.open();
      try {
        expect(await second.getCpuUsage(k.accountId, '2026-07')).toBe(123);
        expect(await second.authenticate(k.key)).toMatchObject({ account, cpuQuotaMs: 99 });
      } finally {
        await second.close();
      }
    });
  });
}
