/**
 * The embedded store: one SQLite file, `<data dir>/evaluator.db`, through better-sqlite3.
 *
 * WAL mode lets `keys create` / `keys revoke` write while `serve` reads; `busy_timeout` makes a
 * writer wait for another process's write lock instead of failing at once. better-sqlite3 is
 * synchronous, so each method is atomic within the process; writes that read-then-write run in
 * `BEGIN IMMEDIATE` transactions for other processes.
 *
 * Durability: `synchronous = NORMAL` in WAL mode. A commit is written to the WAL (the OS page
 * cache) before it returns, so a charge that returned survives a crash or kill of the process and
 * a restart; only an OS crash or power cut can lose the last commits before the next checkpoint.
 * `FULL` would fsync every commit (~2 ms here, on the event loop, for every answer): the trade-off
 * is in docs/limits.md "Where state lives".
 *
 * Checkpoints run in a worker thread, not inside a commit on the event loop
 * (`./sqlite-checkpointer.ts`).
 *
 * Every SQL text is prepared once and reused (`#stmt`): preparing cost more than running the
 * query on the request path.
 */
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { ServiceFault, toFault } from '../errors.js';
import { generateAccountId, generateKey, generateKeyId, hashKey, isWellFormedKey } from '../keys/keys.js';
import { LATEST_VERSION, pendingMigrations } from './migrations.js';
import { BACKSTOP_PAGES, startCheckpointer, type Checkpointer } from './sqlite-checkpointer.js';
import { effectiveQuota, keyRecordOf } from './plans.js';
import type { AccountListing, CpuCharge, CreatedKey, CreateKeyInput, KeyRecord, KeyWithUsage, Store } from './types.js';
import { checkCharges, checkCreateKey, checkUsage, newAccountPlan } from './validate.js';

/** Name of the database file inside the data directory. */
export const SQLITE_FILE = 'evaluator.db';

interface KeyRow {
  key_id: string;
  account_id: string;
  name: string;
  plan: string;
  cpu_quota_ms: number | null;
  revoked_at: string | null;
}

/**
 * Opens (creating on demand) `<dataDir>/evaluator.db` and migrates it.
 * @example const store = await createSqliteStore('./data');
 */
export async function createSqliteStore(dataDir: string): Promise<Store> {
  let db: Database.Database;
  try {
    mkdirSync(dataDir, { recursive: true });
    db = new Database(join(dataDir, SQLITE_FILE));
    // busy_timeout first: switching a new file to WAL takes a write lock, and a second
    // process opening the same fresh file (two `keys create` at once) must wait, not fail.
    db.pragma('busy_timeout = 5000');
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma(`wal_autocheckpoint = ${BACKSTOP_PAGES}`);
    db.pragma('foreign_keys = ON');
  } catch (e) {
    throw toFault('store_unavailable', `cannot open SQLite database in ${dataDir}`, e);
  }
  const store = new SqliteStore(db, join(dataDir, SQLITE_FILE));
  await store.migrate();
  return store;
}

function recordOf(row: KeyRow): KeyRecord {
  return keyRecordOf({
    keyId: row.key_id,
    accountId: row.account_id,
    account: row.name,
    plan: row.plan,
    cpuQuotaOverrideMs: row.cpu_quota_ms,
    revoked: row.revoked_at !== null,
  });
}

const FIND_KEY = `SELECT k.id AS key_id, a.id AS account_id, a.name, a.plan, a.cpu_quota_ms, k.revoked_at
  FROM api_keys k JOIN accounts a ON a.id = k.account_id WHERE k.key_hash = ?`;
const FIND_KEY_WITH_USAGE = `SELECT k.id AS key_id, a.id AS account_id, a.name, a.plan, a.cpu_quota_ms, k.revoked_at,
    COALESCE((SELECT u.used_ms FROM cpu_usage u WHERE u.account_id = a.id AND u.month = ?), 0) AS used_ms
  FROM api_keys k JOIN accounts a ON a.id = k.account_id WHERE k.key_hash = ?`;
const ADD_USAGE = `INSERT INTO cpu_usage (account_id, month, used_ms) VALUES (?, ?, ?)
  ON CONFLICT (account_id, month) DO UPDATE SET used_ms = used_ms + excluded.used_ms
  RETURNING used_ms`;
const GET_USAGE = 'SELECT used_ms FROM cpu_usage WHERE account_id = ? AND month = ?';

class SqliteStore implements Store {
  readonly kind = 'sqlite' as const;
  #closed = false;
  readonly #statements = new Map<string, Database.Statement>();

  /** Started by the first CPU charge: only `serve` writes often enough to need it. */
  #checkpointer: Checkpointer | null = null;

  constructor(
    private readonly db: Database.Database,
    private readonly file: string,
  ) {}

  /** A usage write committed: counts toward the next background checkpoint. */
  #committed(): void {
    (this.#checkpointer ??= startCheckpointer(this.file)).noteCommit();
  }

  /** The prepared statement of `sql`, prepared on first use. */
  #stmt(sql: string): Database.Statement {
    let st = this.#statements.get(sql);
    if (!st) this.#statements.set(sql, (st = this.db.prepare(sql)));
    return st;
  }

  /** Runs `fn`, turning driver errors into `store_unavailable` faults. */
  #run<T>(what: string, fn: () => T): Promise<T> {
    try {
      if (this.#closed) throw new ServiceFault('store_unavailable', 'the store is closed');
      return Promise.resolve(fn());
    } catch (e) {
      return Promise.reject(toFault('store_unavailable', what, e));
    }
  }

  migrate(): Promise<void> {
    return this.#run('migrating the SQLite store', () => {
      const db = this.db;
      db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)');
      // IMMEDIATE takes the write lock before reading the version: two processes migrating the
      // same file serialise here instead of both applying a step.
      db.transaction(() => {
        const row = db.prepare('SELECT COALESCE(MAX(version), 0) AS v FROM schema_migrations').get() as { v: number };
        if (row.v > LATEST_VERSION) {
          throw new ServiceFault('store_migration_failed', `database schema version ${row.v} is newer than this build's ${LATEST_VERSION}`);
        }
        for (const m of pendingMigrations(row.v)) {
          try {
            db.exec(m.sqlite);
          } catch (e) {
            throw toFault('store_migration_failed', `migration ${m.version} (${m.name})`, e);
          }
          db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(m.version, m.name, new Date().toISOString());
        }
      }).immediate();
    });
  }

  createKey(input: CreateKeyInput): Promise<CreatedKey> {
    return this.#run('creating a key', () => {
      const c = checkCreateKey(input);
      const db = this.db;
      const now = new Date().toISOString();
      return db.transaction((): CreatedKey => {
        const acct = db
          .prepare(
            `INSERT INTO accounts (id, name, plan, cpu_quota_ms, created_at) VALUES (@id, @name, @newPlan, @quota, @now)
             ON CONFLICT (name) DO UPDATE SET plan = COALESCE(@plan, plan), cpu_quota_ms = COALESCE(@quota, cpu_quota_ms)
             RETURNING id, plan, cpu_quota_ms`,
          )
          .get({ id: generateAccountId(), name: c.account, newPlan: newAccountPlan(c), plan: c.plan, quota: c.cpuQuotaMs, now }) as {
          id: string;
          plan: string;
          cpu_quota_ms: number | null;
        };
        const key = generateKey();
        const keyId = generateKeyId();
        db.prepare('INSERT INTO api_keys (id, account_id, key_hash, created_at) VALUES (?, ?, ?, ?)').run(keyId, acct.id, hashKey(key), now);
        return { key, keyId, accountId: acct.id, account: c.account, plan: acct.plan, cpuQuotaMs: effectiveQuota(acct.plan, acct.cpu_quota_ms) };
      }).immediate();
    });
  }

  findKeyByHash(hash: string): Promise<KeyRecord | null> {
    return this.#run('looking up a key', () => {
      const row = this.#stmt(FIND_KEY).get(hash) as KeyRow | undefined;
      return row ? recordOf(row) : null;
    });
  }

  findKeyWithUsage(hash: string, month: string): Promise<KeyWithUsage | null> {
    return this.#run('looking up a key', () => {
      checkUsage(month);
      const row = this.#stmt(FIND_KEY_WITH_USAGE).get(month, hash) as (KeyRow & { used_ms: number }) | undefined;
      return row ? { record: recordOf(row), usedMs: row.used_ms } : null;
    });
  }

  async authenticate(key: string): Promise<KeyRecord | null> {
    if (!isWellFormedKey(key)) return null;
    const rec = await this.findKeyByHash(hashKey(key));
    return rec && !rec.revoked ? rec : null;
  }

  revokeKey(keyOrId: string): Promise<boolean> {
    return this.#run('revoking a key', () => {
      const byKey = keyOrId.startsWith('sk_');
      if (byKey && !isWellFormedKey(keyOrId)) return false;
      const col = byKey ? 'key_hash' : 'id';
      const info = this.db
        .prepare(`UPDATE api_keys SET revoked_at = ? WHERE ${col} = ? AND revoked_at IS NULL`)
        .run(new Date().toISOString(), byKey ? hashKey(keyOrId) : keyOrId);
      return info.changes > 0;
    });
  }

  listAccounts(): Promise<AccountListing[]> {
    return this.#run('listing accounts', () => {
      const accounts = this.db.prepare('SELECT id, name, plan, cpu_quota_ms FROM accounts ORDER BY name').all() as {
        id: string;
        name: string;
        plan: string;
        cpu_quota_ms: number | null;
      }[];
      const keys = this.db.prepare('SELECT id, account_id, created_at, revoked_at FROM api_keys ORDER BY seq').all() as {
        id: string;
        account_id: string;
        created_at: string;
        revoked_at: string | null;
      }[];
      return accounts.map((a) => ({
        accountId: a.id,
        account: a.name,
        plan: a.plan,
        cpuQuotaMs: effectiveQuota(a.plan, a.cpu_quota_ms),
        keys: keys.filter((k) => k.account_id === a.id).map((k) => ({ keyId: k.id, createdAt: k.created_at, revokedAt: k.revoked_at })),
      }));
    });
  }

  addCpuUsage(accountId: string, month: string, ms: number): Promise<number> {
    return this.#run('recording CPU usage', () => {
      checkUsage(month, ms);
      const total = (this.#stmt(ADD_USAGE).get(accountId, month, ms) as { used_ms: number }).used_ms;
      this.#committed();
      return total;
    });
  }

  addCpuUsageBatch(charges: readonly CpuCharge[]): Promise<number[]> {
    return this.#run('recording CPU usage', () => {
      checkCharges(charges);
      if (charges.length === 0) return [];
      const add = this.#stmt(ADD_USAGE);
      // One transaction, so one WAL commit for the whole batch.
      const totals = this.db.transaction(() => charges.map((c) => (add.get(c.accountId, c.month, c.ms) as { used_ms: number }).used_ms)).immediate();
      this.#committed();
      return totals;
    });
  }

  getCpuUsage(accountId: string, month: string): Promise<number> {
    return this.#run('reading CPU usage', () => {
      checkUsage(month);
      const row = this.#stmt(GET_USAGE).get(accountId, month) as { used_ms: number } | undefined;
      return row?.used_ms ?? 0;
    });
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await this.#checkpointer?.stop();
    this.db.close();
  }
}
