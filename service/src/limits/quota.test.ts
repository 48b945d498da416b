import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStore } from '../store/index.js';
import type { Store } from '../store/types.js';
import { billableMs, billCpu, checkQuota } from './quota.js';

const dir = mkdtempSync(join(tmpdir(), 'evaluator-quota-'));
let store: Store;
beforeAll(async () => {
  store = await createStore({ dataDir: dir });
});
afterAll(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('CPU quota', () => {
  it.each([
    [0, 1],
    [0.2, 1],
    [1, 1],
    [1.01, 2],
    [1.0004, 1], // shown to the client as 1
    [1.0006, 2], // shown as 1.001
    [37.5, 38],
    [Number.NaN, 1],
  ])('bills %f ms as %i', (cpu, billed) => {
    expect(billableMs(cpu)).toBe(billed);
  });

  it('reports used, remaining and the reset at the next UTC month; refuses when used up', async () => {
    const { accountId, cpuQuotaMs } = await store.createKey({ account: 'quota-a', cpuQuotaMs: 10 });
    const now = Date.UTC(2026, 10, 30, 23, 59, 0);
    expect(await checkQuota(store, { accountId, cpuQuotaMs }, now)).toEqual({
      month: '2026-11',
      quotaMs: 10,
      usedMs: 0,
      remainingMs: 10,
      resetS: 60,
      exceeded: false,
    });
    expect(await billCpu(store, accountId, 8.2, now)).toBe(9);
    expect(await checkQuota(store, { accountId, cpuQuotaMs }, now)).toMatchObject({ usedMs: 9, remainingMs: 1, exceeded: false });
    expect(await billCpu(store, accountId, 0, now)).toBe(10);
    expect(await checkQuota(store, { accountId, cpuQuotaMs }, now)).toMatchObject({ remainingMs: 0, exceeded: true });
    // Overshoot by a running evaluation never shows a negative remainder.
    await billCpu(store, accountId, 5, now);
    expect(await checkQuota(store, { accountId, cpuQuotaMs }, now)).toMatchObject({ usedMs: 15, remainingMs: 0, exceeded: true });
    // A new month starts from zero.
    expect(await checkQuota(store, { accountId, cpuQuotaMs }, now + 60_000)).toMatchObject({ month: '2026-12', usedMs: 0, exceeded: false });
  });
});
