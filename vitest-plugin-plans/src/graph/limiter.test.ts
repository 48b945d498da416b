import { describe, expect, it } from 'vitest';
import { createLimiter } from './limiter.js';
import { createClaimTable } from './claims.js';

describe('limiter', () => {
  it('never lets more than its capacity in', async () => {
    const l = createLimiter(2);
    let inside = 0;
    let peak = 0;
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        await l.acquire();
        inside++;
        peak = Math.max(peak, inside);
        await new Promise((r) => setTimeout(r, 2));
        inside--;
        l.release();
      }),
    );
    expect(peak).toBe(2);
    expect(l.used).toBe(0);
  });

  it('serves waiters in arrival order, a heavy one included', async () => {
    const l = createLimiter(3);
    const order: string[] = [];
    await l.acquire(1);
    const heavy = l.acquire(3).then(() => order.push('heavy'));
    const light = l.acquire(1).then(() => order.push('light'));
    expect(l.tryAcquire(1)).toBe(false);
    l.release(1);
    await heavy;
    l.release(3);
    await light;
    expect(order).toEqual(['heavy', 'light']);
  });

  it('refuses to release more than it holds', () => {
    expect(() => createLimiter(1).release()).toThrow(/released more/);
  });
});

describe('claims', () => {
  it('lets shared claims overlap and keeps exclusive ones alone', () => {
    const c = createClaimTable(4);
    expect(c.tryTake('a', [{ resource: 'db', mode: 'shared' }])).toBe(true);
    expect(c.tryTake('b', [{ resource: 'db', mode: 'shared' }])).toBe(true);
    expect(c.tryTake('x', [{ resource: 'db', mode: 'exclusive' }])).toBe(false);
    expect(c.holders('db')).toEqual(['a', 'b']);
    c.release('a');
    c.release('b');
    expect(c.tryTake('x', [{ resource: 'db', mode: 'exclusive' }])).toBe(true);
    expect(c.tryTake('y', [{ resource: 'db', mode: 'shared' }])).toBe(false);
  });

  it('takes all claims or none', () => {
    const c = createClaimTable(2);
    expect(c.tryTake('a', [{ resource: 'r2', mode: 'exclusive' }])).toBe(true);
    expect(c.tryTake('b', [{ resource: 'r1', mode: 'exclusive' }, { resource: 'r2', mode: 'shared' }])).toBe(false);
    // r1 was given back when r2 could not be taken.
    expect(c.tryTake('c', [{ resource: 'r1', mode: 'exclusive' }])).toBe(true);
  });
});
