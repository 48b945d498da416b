import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { createStore } from './index.js';
import { createSqliteStore, SQLITE_FILE } from './sqlite-store.js';
import { storeConformance } from './store.conformance.js';

const root = mkdtempSync(join(tmpdir(), 'evaluator-store-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const dir = join(root, 'nested', 'data');
storeConformance('sqlite', { open: () => createSqliteStore(dir) });

describe('SQLite store specifics', () => {
  it('creates the data directory and evaluator.db on demand, in WAL mode', async () => {
    const d = join(root, 'fresh', 'deeper');
    const s = await createStore({ dataDir: d });
    await s.close();
    expect(existsSync(join(d, SQLITE_FILE))).toBe(true);
    const db = new Database(join(d, SQLITE_FILE));
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.prepare('SELECT version FROM schema_migrations').all()).toEqual([{ version: 1 }]);
    db.close();
  });

  it('reports a data directory it cannot create as store_unavailable', async () => {
    const file = join(root, 'a-file');
    writeFileSync(file, '');
    await expect(createStore({ dataDir: join(file, 'sub') })).rejects.toMatchObject({ code: 'store_unavailable' });
  });

  it('refuses a database migrated by a newer build', async () => {
    const d = join(root, 'newer');
    await (await createStore({ dataDir: d })).close();
    const db = new Database(join(d, SQLITE_FILE));
    db.prepare("INSERT INTO schema_migrations (version, name, applied_at) VALUES (999, 'future', 'x')").run();
    db.close();
    await expect(createStore({ dataDir: d })).rejects.toMatchObject({ code: 'store_migration_failed' });
  });
});
