import { describe, expect, it } from 'vitest';
import { createBiller } from './billing.js';
import type { CpuCharge, Store } from '../store/types.js';

/** A store that records each batch, and commits only when `commit()` is called (when gated). */
function fakeStore(opts: { fail?: boolean; gated?: boolean } = {}) {
  const batches: CpuCharge[][] = [];
  const gates: (() => void)[] = [];
  const store = {
    async addCpuUsageBatch(charges: readonly CpuCharge[]) {
      batches.push(charges.map((c) => ({ ...c })));
      if (opts.gated) await new Promise<void>((r) => gates.push(r));
      if (opts.fail) throw new Error('disk full');
      return charges.map((c) => c.ms);
    },
  } as unknown as Store;
  return { store, batches, commit: () => gates.shift()?.() };
}

const JAN = Date.UTC(2026, 0, 15);
const tick = () => new Promise((r) => setImmediate(r));

describe('createBiller', () => {
  it('writes the charges of one turn, of every account, in one batch, one account-month summed', async () => {
    const { store, batches } = fakeStore();
    const biller = createBiller(store, () => JAN);
    await Promise.all([biller.bill('a', 0.2), biller.bill('b', 2.5), biller.bill('a', 7)]);
    expect(batches).toEqual([
      [
        { accountId: 'a', month: '2026-01', ms: 1 + 7 },
        { accountId: 'b', month: '2026-01', ms: 3 },
      ],
    ]);
  });

  it('starts a new batch on a later turn', async () => {
    const { store, batches } = fakeStore();
    const biller = createBiller(store, () => JAN);
    await biller.bill('a', 1);
    await biller.bill('a', 1);
    expect(batches).toEqual([[{ accountId: 'a', month: '2026-01', ms: 1 }], [{ accountId: 'a', month: '2026-01', ms: 1 }]]);
  });

  it('answers no waiter before the commit holding its charge has returned', async () => {
    const { store, batches, commit } = fakeStore({ gated: true });
    const biller = createBiller(store, () => JAN);
    const done: string[] = [];
    const first = biller.bill('a', 1).then(() => done.push('first'));
    await tick();
    // Arrives while the first commit is still running: goes into the next batch.
    const second = biller.bill('b', 1).then(() => done.push('second'));
    await tick();
    expect(batches.length).toBe(2);
    expect(done).toEqual([]);
    commit();
    await first;
    expect(done).toEqual(['first']);
    commit();
    await second;
    expect(done).toEqual(['first', 'second']);
  });

  it('rejects every waiter of a failed write', async () => {
    const { store } = fakeStore({ fail: true });
    const biller = createBiller(store, () => JAN);
    const results = await Promise.allSettled([biller.bill('a', 1), biller.bill('b', 1)]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
  });
});
