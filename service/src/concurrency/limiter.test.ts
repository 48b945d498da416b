import { describe, expect, it } from 'vitest';
import { createLimiter } from './limiter.js';

describe('limiter', () => {
  it('hands out exactly capacity permits, then refuses at once', () => {
    const l = createLimiter(3);
    const permits = Array.from({ length: 5 }, () => l.tryAcquire());
    expect(permits.filter(Boolean)).toHaveLength(3);
    expect(l.inUse()).toBe(3);
  });

  it('release is idempotent and frees exactly one unit', () => {
    const l = createLimiter(2);
    const a = l.tryAcquire()!;
    l.tryAcquire();
    expect(a.release()).toBe(true);
    expect(a.release()).toBe(false);
    expect(l.inUse()).toBe(1);
    expect(l.tryAcquire()).not.toBeNull();
    expect(l.tryAcquire()).toBeNull();
  });

  it('lets a leased permit lapse at its expiry', () => {
    const l = createLimiter(1);
    const p = l.tryAcquire({ leaseMs: 100, nowMs: 1000 })!;
    expect(p.expiresAtMs).toBe(1100);
    expect(l.nextExpiryMs(1000)).toBe(1100);
    expect(l.tryAcquire({ nowMs: 1099 })).toBeNull();
    expect(l.inUse(1100)).toBe(0);
    const q = l.tryAcquire({ nowMs: 1100 });
    expect(q).not.toBeNull();
    expect(p.release()).toBe(false); // the lapsed permit cannot free the new holder's unit
    expect(l.inUse(1100)).toBe(1);
    expect(q!.expiresAtMs).toBe(Infinity);
  });

  it('takes a per-call capacity, and refuses a bad one', () => {
    const l = createLimiter(1);
    expect(l.tryAcquire({ capacity: 2 })).not.toBeNull();
    expect(l.tryAcquire({ capacity: 2 })).not.toBeNull();
    expect(l.tryAcquire({ capacity: 2 })).toBeNull();
    expect(() => createLimiter(-1)).toThrow(RangeError);
    expect(l.nextExpiryMs()).toBe(Infinity);
    expect(createLimiter(1).nextExpiryMs()).toBeNull();
  });
});
