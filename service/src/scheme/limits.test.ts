import { describe, expect, it } from 'vitest';
import { API_LIMITS, DEMO_LIMITS, Meter } from './limits.js';

describe('limits', () => {
  it('documents bounds with the contract’s shape', () => {
    expect(API_LIMITS.maxSteps).toBeGreaterThanOrEqual(1e9);
    expect(DEMO_LIMITS).toMatchObject({ timeoutMs: 500, maxSteps: 1_000_000, maxCompound: 50 });
    expect(API_LIMITS.maxStdoutBytes).toBeLessThanOrEqual(1024 * 1024);
  });

  it('cuts stdout at the bound, in UTF-8 bytes, never inside a character', () => {
    const m = new Meter({ ...API_LIMITS, maxStdoutBytes: 10 });
    m.writeStdout('abcdefgh');
    m.writeStdout('λλλ');
    expect(m.stdoutTruncated).toBe(true);
    expect(m.stdout).toBe('abcdefghλ');
    m.writeStdout('more');
    expect(m.stdout).toBe('abcdefghλ');
  });

  it('stops at the step bound and at the deadline', () => {
    const m = new Meter({ ...API_LIMITS, maxSteps: 5000 });
    expect(m.nextCheck(4500)).toBe(5000);
    expect(() => m.check(5000)).toThrow(/step limit/);
    const late = new Meter({ ...API_LIMITS, timeoutMs: 0 });
    const until = performance.now() + 2;
    while (performance.now() < until);
    expect(() => late.check(1)).toThrow(/timed out/);
  });

  it('fails at once on a single allocation over the memory bound', () => {
    const m = new Meter({ ...API_LIMITS, maxMemoryBytes: 1000 });
    expect(() => m.charge(2000)).toThrow(/memory limit/);
  });
});
