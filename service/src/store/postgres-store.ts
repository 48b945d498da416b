/**
 * The scale-out store: PostgreSQL through a `pg` Pool, shared by every instance.
 *
 * Every statement is a single round trip that is atomic on its own (UPSERT … RETURNING), so no
 * method needs an explicit transaction except `createKey` and the migrations. Migrations run
 * under a transaction-scoped advisory lock: instances starting together queue on the lock, and
 * the later ones find the steps applied (DDL is transactional in PostgreSQL).
 */
import pg from 'pg';
import { ServiceFault, toFault } from '../errors.js';
import { generateAccountId, generateKey, generateKeyId, hashKey, isWellFormedKey } from '../keys/keys.js';
import { LATEST_VERSION, pendingMigrations } from './migrations.js';
import { effectiveQuota, keyRecordOf } from './plans.js';
import type { AccountListing, CpuCharge, CreatedKey, CreateKeyInput, KeyRecord, KeyWithUsage, Store } from './types.js';
import { checkCharges, checkCreateKey, checkUsage, newAccountPlan } from './validate.js';

/** Advisory lock key of the migrations (an arbitrary constant: "evaluat" in ASCII). */
const MIGRATION_LOCK = 0x6576616c756174;

// BIGINT columns arrive as strings by default; usage and quotas stay far below 2^53.
const int = (v: unknown): number => Number(v);
const iso = (v: unknown): string => (v instanceof Date ? v.toISOString() : String(v));

/** A KeyRecord from a row of the key lookups. */
function recordOf(r: pg.QueryResultRow): KeyRecord {
  return keyRecordOf({
    keyId: r.key_id,
    accountId: r.account_id,
    account: r.name,
    plan: r.plan,
    cpuQuotaOverrideMs: r.cpu_quota_ms === null ? null : int(r.cpu_quota_ms),
    revoked: r.revoked_at !== null,
  });
}

/** Orders charges by (account, month): the order rows are locked in. */
function cmp(a: CpuCharge, b: CpuCharge): number {
  if (a.accountId !== b.accountId) return a.accountId < b.accountId ? -1 : 1;
  return a.month < b.month ? -1 : a.month > b.month ? 1 : 0;
}

/**
 * Connects to `url`, using `schema` (created if missing) for every table, and migrates.
 * @example const store = await createPostgresStore(process.env.DATABASE_URL!);
 */
export async function createPostgresStore(url: string, schema = 'public'): Promise<Store> {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) throw new ServiceFault('invalid_config', `invalid PostgreSQL schema name "${schema}"`);
  const pool = new pg.Pool({
    connectionString: url,
    connectionTimeoutMillis: 5000,
    max: 10,
    options: `-c search_path=${schema}`,
  });
  // An idle client losing its connection must not crash the process; the next query reports it.
  pool.on('error', () => {});
  const store = new PostgresStore(pool, schema);
  try {
    await store.migrate();
  } catch (e) {
    await pool.end().catch(() => {});
    throw e;
  }
  return store;
}

class PostgresStore implements Store {
  readonly kind = 'postgres' as const;
  #closed = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly schema: string,
  ) {}

  /**
   * Runs one statement. `name` makes it a named prepared statement, parsed and planned once per
   * connection instead of on every request (only for the request path's fixed SQL texts).
   */
  async #query<R extends pg.QueryResultRow>(what: string, text: string, values: unknown[] = [], name?: string): Promise<R[]> {
    if (this.#closed) throw new ServiceFault('store_unavailable', 'the store is closed');
    try {
      return (await this.pool.query<R>(name === undefined ? { text, values } : { name, text, values })).rows;
    } catch (e) {
      throw toFault('store_unavailable', what, e);
    }
  }

  /** Runs `fn` in a transaction on one client; rolls back on any error. */
  async #transaction<T>(what: string, fn: (c: pg.PoolClient) => Promise<T>): Promise<T> {
    if (this.#closed) throw new ServiceFault('store_unavailable', 'the store is closed');
    let client: pg.PoolClient;
    try {
      client = await this.pool.connect();
    } catch (e) {
      throw toFault('store_unavailable', what, e);
    }
    try {
      await client.query('BEGIN');
      const result = await fn(client);
      await client.query('COMMIT');
      return result;
    } catch (e) {
      await client.query('ROLLBACK').catch(() => {});
      throw toFault('store_unavailable', what, e);
    } finally {
      client.release();
    }
  }

  migrate(): Promise<void> {
    return this.#transaction('migrating the PostgreSQL store', async (c) => {
      await c.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      await c.query(`CREATE SCHEMA IF NOT EXISTS ${this.schema}`);
      await c.query('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())');
      const applied = int((await c.query('SELECT COALESCE(MAX(version), 0) AS v FROM schema_migrations')).rows[0].v);
      if (applied > LATEST_VERSION) {
        throw new ServiceFault('store_migration_failed', `database schema version ${applied} is newer than this build's ${LATEST_VERSION}`);
      }
      for (const m of pendingMigrations(applied)) {
        try {
          await c.query(m.postgres);
        } catch (e) {
          throw toFault('store_migration_failed', `migration ${m.version} (${m.name})`, e);
        }
        await c.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [m.version, m.name]);
      }
    });
  }

  async createKey(input: CreateKeyInput): Promise<CreatedKey> {
    const c = checkCreateKey(input);
    return this.#transaction('creating a key', async (client) => {
      // ON CONFLICT makes "create the account if needed" race-free between instances.
      const acct = (
        await client.query(
          `INSERT INTO accounts (id, name, plan, cpu_quota_ms) VALUES ($1, $2, $3, $5)
           ON CONFLICT (name) DO UPDATE SET plan = COALESCE($4, accounts.plan), cpu_quota_ms = COALESCE($5, accounts.cpu_quota_ms)
           RETURNING id, plan, cpu_quota_ms`,
          [generateAccountId(), c.account, newAccountPlan(c), c.plan, c.cpuQuotaMs],
        )
      ).rows[0] as { id: string; plan: string; cpu_quota_ms: string | null };
      const key = generateKey();
      const keyId = generateKeyId();
      await client.query('INSERT INTO api_keys (id, account_id, key_hash) VALUES ($1, $2, $3)', [keyId, acct.id, hashKey(key)]);
      const override = acct.cpu_quota_ms === null ? null : int(acct.cpu_quota_ms);
      return { key, keyId, accountId: acct.id, account: c.account, plan: acct.plan, cpuQuotaMs: effectiveQuota(acct.plan, override) };
    });
  }

  async findKeyByHash(hash: string): Promise<KeyRecord | null> {
    const rows = await this.#query(
      'looking up a key',
      `SELECT k.id AS key_id, a.id AS account_id, a.name, a.plan, a.cpu_quota_ms, k.revoked_at
       FROM api_keys k JOIN accounts a ON a.id = k.account_id WHERE k.key_hash = $1`,
      [hash],
      'evaluator_find_key',
    );
    return rows[0] ? recordOf(rows[0]) : null;
  }

  async findKeyWithUsage(hash: string, month: string): Promise<KeyWithUsage | null> {
    checkUsage(month);
    const rows = await this.#query(
      'looking up a key',
      `SELECT k.id AS key_id, a.id AS account_id, a.name, a.plan, a.cpu_quota_ms, k.revoked_at,
         COALESCE((SELECT u.used_ms FROM cpu_usage u WHERE u.account_id = a.id AND u.month = $2), 0) AS used_ms
       FROM api_keys k JOIN accounts a ON a.id = k.account_id WHERE k.key_hash = $1`,
      [hash, month],
      'evaluator_find_key_with_usage',
    );
    return rows[0] ? { record: recordOf(rows[0]), usedMs: int(rows[0].used_ms) } : null;
  }

  async authenticate(key: string): Promise<KeyRecord | null> {
    if (!isWellFormedKey(key)) return null;
    const rec = await this.findKeyByHash(hashKey(key));
    return rec && !rec.revoked ? rec : null;
  }

  async revokeKey(keyOrId: string): Promise<boolean> {
    const byKey = keyOrId.startsWith('sk_');
    if (byKey && !isWellFormedKey(keyOrId)) return false;
    const col = byKey ? 'key_hash' : 'id';
    const rows = await this.#query(
      'revoking a key',
      `UPDATE api_keys SET revoked_at = now() WHERE ${col} = $1 AND revoked_at IS NULL RETURNING id`,
      [byKey ? hashKey(keyOrId) : keyOrId],
    );
    return rows.length > 0;
  }

  async listAccounts(): Promise<AccountListing[]> {
    const accounts = await this.#query('listing accounts', 'SELECT id, name, plan, cpu_quota_ms FROM accounts ORDER BY name');
    const keys = await this.#query('listing keys', 'SELECT id, account_id, created_at, revoked_at FROM api_keys ORDER BY seq');
    return accounts.map((a) => ({
      accountId: a.id,
      account: a.name,
      plan: a.plan,
      cpuQuotaMs: effectiveQuota(a.plan, a.cpu_quota_ms === null ? null : int(a.cpu_quota_ms)),
      keys: keys
        .filter((k) => k.account_id === a.id)
        .map((k) => ({ keyId: k.id, createdAt: iso(k.created_at), revokedAt: k.revoked_at === null ? null : iso(k.revoked_at) })),
    }));
  }

  async addCpuUsage(accountId: string, month: string, ms: number): Promise<number> {
    checkUsage(month, ms);
    const rows = await this.#query(
      'recording CPU usage',
      `INSERT INTO cpu_usage (account_id, month, used_ms) VALUES ($1, $2, $3)
       ON CONFLICT (account_id, month) DO UPDATE SET used_ms = cpu_usage.used_ms + EXCLUDED.used_ms
       RETURNING used_ms`,
      [accountId, month, ms],
      'evaluator_add_usage',
    );
    return int(rows[0]!.used_ms);
  }

  async addCpuUsageBatch(charges: readonly CpuCharge[]): Promise<number[]> {
    checkCharges(charges);
    if (charges.length === 0) return [];
    // One statement is one transaction. Rows are locked in (account, month) order, so two
    // instances committing overlapping batches wait for each other instead of deadlocking.
    const order = charges.map((_, i) => i).sort((a, b) => cmp(charges[a]!, charges[b]!));
    const rows = await this.#query<{ account_id: string; month: string; used_ms: string }>(
      'recording CPU usage',
      `INSERT INTO cpu_usage (account_id, month, used_ms)
       SELECT * FROM unnest($1::text[], $2::text[], $3::bigint[])
       ON CONFLICT (account_id, month) DO UPDATE SET used_ms = cpu_usage.used_ms + EXCLUDED.used_ms
       RETURNING account_id, month, used_ms`,
      [order.map((i) => charges[i]!.accountId), order.map((i) => charges[i]!.month), order.map((i) => charges[i]!.ms)],
      'evaluator_add_usage_batch',
    );
    const totals = new Map(rows.map((r) => [`${r.account_id}\u0000${r.month}`, int(r.used_ms)]));
    return charges.map((c) => totals.get(`${c.accountId}\u0000${c.month}`)!);
  }

  async getCpuUsage(accountId: string, month: string): Promise<number> {
    checkUsage(month);
    const rows = await this.#query(
      'reading CPU usage',
      'SELECT used_ms FROM cpu_usage WHERE account_id = $1 AND month = $2',
      [accountId, month],
      'evaluator_get_usage',
    );
    return rows[0] ? int(rows[0].used_ms) : 0;
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await this.pool.end();
  }
}
