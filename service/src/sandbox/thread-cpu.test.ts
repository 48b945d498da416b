import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { threadCpuMs } from './thread-cpu.js';

function spin(ms: number): void {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    // busy
  }
}

describe('threadCpuMs', () => {
  it('grows with this thread’s CPU and never goes back, read after read', () => {
    const t0 = performance.now();
    const a = threadCpuMs();
    spin(30);
    const b = threadCpuMs();
    const wall = performance.now() - t0;
    // On a loaded machine the thread may get little of those 30 ms, but some, and one thread's
    // CPU can never exceed the wall time (a process-wide figure could, with other threads busy:
    // up to twice it on two cores). The scheduler's accounting and performance.now() are
    // different clocks, so allow a few ms of skew (seen: 0.09 ms past wall + 1 under CI load).
    expect(b - a).toBeGreaterThan(0);
    expect(b - a).toBeLessThanOrEqual(wall + 5);
    let last = b;
    for (let i = 0; i < 100; i++) {
      const t = threadCpuMs();
      expect(t).toBeGreaterThanOrEqual(last);
      last = t;
    }
  });

  it.skipIf(process.platform !== 'linux')('reads the same clock as /proc/thread-self/schedstat', () => {
    const before = Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]) / 1e6;
    const t = threadCpuMs();
    const after = Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]) / 1e6;
    expect(t).toBeGreaterThanOrEqual(before);
    expect(t).toBeLessThanOrEqual(after);
  });
});
