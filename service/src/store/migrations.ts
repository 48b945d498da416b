/**
 * The schema, as numbered migrations shared by both stores.
 *
 * Each step has its SQLite and its PostgreSQL text; a store applies, in one transaction per run,
 * every step whose version is not yet in `schema_migrations`. Steps are append-only: a released
 * step is never edited, a change is a new step. A database whose highest version is above
 * `LATEST_VERSION` was migrated by a newer build; the store refuses it rather than guess.
 */

/** One schema step. */
export interface Migration {
  /** 1, 2, 3, … without gaps. */
  version: number;
  /** Short description, stored alongside the version. */
  name: string;
  sqlite: string;
  postgres: string;
}

/** Every step, in order. */
export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'accounts, api keys, cpu usage',
    sqlite: `
      CREATE TABLE accounts (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL UNIQUE,
        plan TEXT NOT NULL,
        cpu_quota_ms INTEGER,
        created_at TEXT NOT NULL
      );
      CREATE TABLE api_keys (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        id TEXT NOT NULL UNIQUE,
        account_id TEXT NOT NULL REFERENCES accounts(id),
        key_hash TEXT NOT NULL UNIQUE,
        created_at TEXT NOT NULL,
        revoked_at TEXT
      );
      CREATE INDEX api_keys_account ON api_keys(account_id);
      CREATE TABLE cpu_usage (
        account_id TEXT NOT NULL REFERENCES accounts(id),
        month TEXT NOT NULL,
        used_ms INTEGER NOT NULL,
        PRIMARY KEY (account_id, month)
      );`,
    postgres: `
      CREATE TABLE accounts (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL UNIQUE,
        plan TEXT NOT NULL,
        cpu_quota_ms BIGINT,
        created_at TIMESTAMPTZ NOT NULL DEFAULT now()
      );
      CREATE TABLE api_keys (
        seq BIGSERIAL PRIMARY KEY,
        id TEXT NOT NULL UNIQUE,
        account_id TEXT NOT NULL REFERENCES accounts(id),
        key_hash TEXT NOT NULL UNIQUE,
        created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
        revoked_at TIMESTAMPTZ
      );
      CREATE INDEX api_keys_account ON api_keys(account_id);
      CREATE TABLE cpu_usage (
        account_id TEXT NOT NULL REFERENCES accounts(id),
        month TEXT NOT NULL,
        used_ms BIGINT NOT NULL,
        PRIMARY KEY (account_id, month)
      );`,
  },
];

/** Highest version this build knows. */
export const LATEST_VERSION = MIGRATIONS[MIGRATIONS.length - 1]!.version;

/** The steps above `applied` (the highest applied version, 0 for a fresh database). */
export function pendingMigrations(applied: number): readonly Migration[] {
  return MIGRATIONS.filter((m) => m.version > applied);
}
