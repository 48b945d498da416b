/** The connection pool alone: reuse, the limit and its waiters, broken connections, and abandoning a connect at a deadline or at close. */
import { describe, expect, it } from 'vitest';
import { ConnPool } from './conn-pool.js';
import { DbError } from './types.js';

interface Fake {
  id: number;
  destroyed: boolean;
}

/** A factory whose connects finish when `connect` says so (or never). */
function factory(max: number, connect: 'now' | 'never' = 'now') {
  let n = 0;
  const made: Fake[] = [];
  return {
    made,
    pool: new ConnPool<Fake>({
      max,
      open: () => {
        const conn = { id: ++n, destroyed: false };
        made.push(conn);
        return { conn, ready: connect === 'now' ? Promise.resolve() : new Promise<void>(() => undefined) };
      },
      destroy: (c) => void (c.destroyed = true),
    }),
  };
}

const never = new AbortController().signal;

describe('ConnPool', () => {
  it('reuses a released connection', async () => {
    const { pool, made } = factory(2);
    const a = await pool.acquire(never);
    pool.release(a, false);
    expect(await pool.acquire(never)).toBe(a);
    expect(made.length).toBe(1);
  });

  it('holds at most max; a waiter gets the next one released, in order', async () => {
    const { pool, made } = factory(1);
    const a = await pool.acquire(never);
    const order: number[] = [];
    const w1 = pool.acquire(never).then((c) => (order.push(1), c));
    const w2 = pool.acquire(never).then((c) => (order.push(2), c));
    pool.release(a, false);
    const got1 = await w1;
    pool.release(got1, false);
    await w2;
    expect(order).toEqual([1, 2]);
    expect(made.length).toBe(1);
  });

  it('destroys a broken connection and gives a waiter a fresh one', async () => {
    const { pool, made } = factory(1);
    const a = await pool.acquire(never);
    const waiting = pool.acquire(never);
    pool.release(a, true);
    const b = await waiting;
    expect(a.destroyed).toBe(true);
    expect(b).not.toBe(a);
    expect(made.length).toBe(2);
  });

  it('a deadline while connecting destroys the connecting client at once', async () => {
    const { pool, made } = factory(1, 'never');
    const stop = new AbortController();
    setTimeout(() => stop.abort(), 50);
    await expect(pool.acquire(stop.signal)).rejects.toSatisfy((e: unknown) => e instanceof DbError && e.code === 'timeout');
    expect(made[0]!.destroyed).toBe(true);
  });

  it('close destroys every connection, connecting ones too, and fails the waiters', async () => {
    const { pool, made } = factory(2, 'never');
    const pending = pool.acquire(never);
    pool.close();
    expect(made[0]!.destroyed).toBe(true);
    await expect(pool.acquire(never)).rejects.toThrow('the run has ended');
    void pending.catch(() => undefined);
  });
});
