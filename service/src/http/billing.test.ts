import { describe, expect, it } from 'vitest';
import { createBiller } from './billing.js';
import type { Store } from '../store/types.js';

function fakeStore(fail = false) {
  const calls: [string, string, number][] = [];
  const store = {
    async addCpuUsage(accountId: string, month: string, ms: number) {
      calls.push([accountId, month, ms]);
      if (fail) throw new Error('disk full');
      return ms;
    },
  } as unknown as Store;
  return { store, calls };
}

const JAN = Date.UTC(2026, 0, 15);

describe('createBiller', () => {
  it('sums charges of one account made in the same turn into one durable write', async () => {
    const { store, calls } = fakeStore();
    const biller = createBiller(store, () => JAN);
    await Promise.all([biller.bill('a', 0.2), biller.bill('a', 2.5), biller.bill('a', 7)]);
    expect(calls).toEqual([['a', '2026-01', 1 + 3 + 7]]);
  });

  it('writes each account separately, and later turns separately', async () => {
    const { store, calls } = fakeStore();
    const biller = createBiller(store, () => JAN);
    await Promise.all([biller.bill('a', 1), biller.bill('b', 1)]);
    await biller.bill('a', 1);
    expect(calls).toEqual([
      ['a', '2026-01', 1],
      ['b', '2026-01', 1],
      ['a', '2026-01', 1],
    ]);
  });

  it('rejects every waiter of a failed write', async () => {
    const { store } = fakeStore(true);
    const biller = createBiller(store, () => JAN);
    const results = await Promise.allSettled([biller.bill('a', 1), biller.bill('a', 1)]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
  });
});
