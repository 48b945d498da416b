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
    const a = threadCpuMs();
    spin(30);
    const b = threadCpuMs();
    expect(b - a).toBeGreaterThanOrEqual(15);
    expect(b - a).toBeLessThan(2_000);
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
