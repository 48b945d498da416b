/**
 * Test harness: a real SQLite store in a temp dir, in-memory limits, a sandbox pool (the fake
 * worker by default, so HTTP behaviour is tested independently of the interpreter), createApp.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp, type App } from '../../src/http/app.js';
import type { AppDeps } from '../../src/http/context.js';
import { createLimits } from '../../src/limits/index.js';
import type { Limits } from '../../src/limits/types.js';
import { createPool, type SandboxPool } from '../../src/sandbox/pool.js';
import { createStore } from '../../src/store/index.js';
import type { Store } from '../../src/store/types.js';

export const FAKE_WORKER = new URL('./fixtures/fake-worker.mjs', import.meta.url);
export const SITE = 'https://site.example';

export interface Harness {
  app: App;
  store: Store;
  limits: Limits;
  pool: SandboxPool;
  dataDir: string;
  /** A fresh key on a fresh account (plan free unless given). */
  key(opts?: { plan?: string; cpuQuotaMs?: number; account?: string }): Promise<string>;
  close(): Promise<void>;
}

let accounts = 0;

export async function createHarness(
  opts: { slots?: number; realWorker?: boolean; killMarginMs?: number; deps?: Partial<AppDeps>; dataDir?: string } = {},
): Promise<Harness> {
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'evaluator-http-'));
  const store = await createStore({ dataDir });
  const limits = await createLimits({});
  const pool = createPool({
    slots: opts.slots ?? 2,
    heapMb: 256,
    killMarginMs: opts.killMarginMs ?? 100,
    ...(opts.realWorker ? {} : { entry: FAKE_WORKER }),
  });
  await pool.ready();
  const app = createApp({ store, limits, pool, siteOrigins: [SITE], killMarginMs: opts.killMarginMs ?? 100, ...opts.deps });
  return {
    app,
    store,
    limits,
    pool,
    dataDir,
    async key(k = {}) {
      const created = await store.createKey({ account: k.account ?? `acct-${process.pid}-${++accounts}`, plan: k.plan, cpuQuotaMs: k.cpuQuotaMs });
      return created.key;
    },
    async close() {
      await pool.close();
      await limits.close();
      await store.close();
      if (!opts.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const bearer = (key: string): Record<string, string> => ({ Authorization: `Bearer ${key}` });
