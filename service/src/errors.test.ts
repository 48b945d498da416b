import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { FAULT_CODES, ServiceFault, isServiceFault, toFault, type FaultCode } from './errors.js';
import { createLimits } from './limits/index.js';
import { createStore } from './store/index.js';

const dir = mkdtempSync(join(tmpdir(), 'evaluator-errors-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** One row per fault code: a real way to provoke it. */
const ROWS: Record<FaultCode, () => Promise<unknown>> = {
  // Port 1 refuses connections at once: an unreachable database, without waiting for a timeout.
  store_unavailable: () => createStore({ databaseUrl: 'postgres://postgres@127.0.0.1:1/none' }),
  store_migration_failed: async () => {
    const d = join(dir, 'future');
    await (await createStore({ dataDir: d })).close();
    const db = new Database(join(d, 'evaluator.db'));
    db.prepare("INSERT INTO schema_migrations VALUES (1000, 'from the future', 'x')").run();
    db.close();
    return createStore({ dataDir: d });
  },
  limits_unavailable: () => createLimits({ redisUrl: 'redis://127.0.0.1:1' }),
  invalid_argument: async () => {
    const s = await createStore({ dataDir: join(dir, 'arg') });
    try {
      return await s.createKey({ account: 'a', plan: 'no-such-plan' });
    } finally {
      await s.close();
    }
  },
  invalid_config: () => createStore({ databaseUrl: 'mysql://localhost/x' }),
};

describe('ServiceFault', () => {
  it('every documented code has a row here', () => {
    expect(Object.keys(ROWS).sort()).toEqual(Object.keys(FAULT_CODES).sort());
  });

  it.each(Object.entries(ROWS))('%s is raised as a ServiceFault with that code', async (code, provoke) => {
    const err = await provoke().then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ServiceFault);
    expect(err).toMatchObject({ name: 'ServiceFault', code });
    expect(isServiceFault(err, code as FaultCode)).toBe(true);
    expect((err as Error).message.length).toBeGreaterThan(10);
  });

  it('toFault keeps the cause and lets an inner fault through unchanged', () => {
    const cause = new Error('ECONNREFUSED');
    const f = toFault('store_unavailable', 'looking up a key', cause);
    expect(f.message).toBe('looking up a key: ECONNREFUSED');
    expect(f.cause).toBe(cause);
    expect(toFault('limits_unavailable', 'x', f)).toBe(f);
    expect(isServiceFault(new Error('x'))).toBe(false);
  });
});
