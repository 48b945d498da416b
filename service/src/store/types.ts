/**
 * The store: accounts, API keys and monthly CPU usage.
 *
 * One interface, two implementations (SQLite for the embedded default, PostgreSQL for scale-out),
 * both passing `store.conformance.ts`. Every method goes to the database: nothing is cached, so a
 * revocation or a CPU charge made by one instance is seen by every other at once
 * (evaluator-decisions.md "Keys and accounts", "Scale-out").
 *
 * Infrastructure faults (database unreachable, migration failed) are thrown as `ServiceFault`
 * (`../errors.js`); bad arguments (unknown plan, empty account name) as `ServiceFault` with code
 * `invalid_argument`.
 */

/** A plan's limits. The table of plans is `PLANS` in `./plans.ts`. */
export interface Plan {
  /** Plan name as stored on the account, e.g. `free`. */
  readonly name: string;
  /** Accepted requests per key per fixed, minute-aligned 60 s window. */
  readonly ratePerMinute: number;
  /** Evaluations running at once per account. */
  readonly inFlight: number;
  /** Default monthly CPU quota in ms (an account's `--cpu-quota-ms` overrides it). */
  readonly cpuQuotaMs: number;
}

/** Input of `Store.createKey`. */
export interface CreateKeyInput {
  /** Account name (1–200 chars); the account is created if it does not exist. */
  account: string;
  /**
   * Plan name. New account: defaults to `free`. Existing account: when given, the account is
   * moved to this plan; when omitted, its plan is kept.
   */
  plan?: string;
  /**
   * Monthly CPU quota override in ms (integer >= 0). When given it is stored on the account
   * (new or existing); when omitted an existing override is kept.
   */
  cpuQuotaMs?: number;
}

/** Result of `Store.createKey`. `key` is the only time the full key exists outside the caller. */
export interface CreatedKey {
  /** The full API key, `sk_` + 40 base62 chars. Shown once; only its SHA-256 is stored. */
  key: string;
  /** Public key id (`key_` + 12 base62 chars) for `keys list` / `keys revoke`. */
  keyId: string;
  /** Stable account id (`acc_` + 16 base62 chars). */
  accountId: string;
  /** Account name. */
  account: string;
  /** The account's plan after this call. */
  plan: string;
  /** The account's effective monthly CPU quota after this call. */
  cpuQuotaMs: number;
}

/** What authentication learns about a key (by its hash). */
export interface KeyRecord {
  keyId: string;
  accountId: string;
  /** Account name. */
  account: string;
  /** Plan name of the account. */
  plan: string;
  /** Requests per minute per key (from the plan). */
  ratePerMinute: number;
  /** Evaluations in flight per account (from the plan). */
  inFlightLimit: number;
  /** Effective monthly CPU quota in ms (account override, else the plan's). */
  cpuQuotaMs: number;
  /** True once revoked; such a key must answer 401. */
  revoked: boolean;
}

/** Result of `Store.findKeyWithUsage`. */
export interface KeyWithUsage {
  readonly record: KeyRecord;
  /** CPU ms the key's account used in the month asked for; 0 when none. */
  readonly usedMs: number;
}

/** One key as `keys list` shows it: never the key itself nor its hash. */
export interface KeyListing {
  keyId: string;
  /** ISO-8601 UTC. */
  createdAt: string;
  /** ISO-8601 UTC, or null while the key is valid. */
  revokedAt: string | null;
}

/** One account as `keys list` shows it. */
export interface AccountListing {
  accountId: string;
  account: string;
  plan: string;
  /** Effective monthly CPU quota in ms. */
  cpuQuotaMs: number;
  /** Keys in creation order. */
  keys: KeyListing[];
}

/** One account's charge for one month, for `Store.addCpuUsageBatch`. */
export interface CpuCharge {
  readonly accountId: string;
  /** 'YYYY-MM' (UTC). */
  readonly month: string;
  /** Integer >= 0. */
  readonly ms: number;
}

/** Accounts, keys and CPU usage. All methods may throw `ServiceFault`. */
export interface Store {
  /** Which implementation: for logs and `keys` output. */
  readonly kind: 'sqlite' | 'postgres';
  /**
   * Brings the schema to the latest version. Idempotent; `createStore` already calls it. On
   * PostgreSQL it holds an advisory lock, so instances starting together apply each step once.
   */
  migrate(): Promise<void>;
  /** Creates the account if needed, then a new key for it. */
  createKey(input: CreateKeyInput): Promise<CreatedKey>;
  /**
   * Looks a key up by `hashKey(key)` (see `../keys/keys.js`). Returns revoked keys too, with
   * `revoked: true`; null when unknown. Never cached.
   */
  findKeyByHash(hash: string): Promise<KeyRecord | null>;
  /**
   * `findKeyByHash` and `getCpuUsage(account, month)` of the key's account in ONE query (one read
   * transaction, one round trip), for the request path. Never cached.
   */
  findKeyWithUsage(hash: string, month: string): Promise<KeyWithUsage | null>;
  /**
   * Authenticates a full key: null when malformed, unknown or revoked. Convenience over
   * `findKeyByHash(hashKey(key))` for the HTTP layer.
   */
  authenticate(key: string): Promise<KeyRecord | null>;
  /**
   * Revokes by full key (`sk_…`) or key id (`key_…`). True when a valid key was revoked now;
   * false when unknown or already revoked. Takes effect for every instance when it returns.
   */
  revokeKey(keyOrId: string): Promise<boolean>;
  /** Every account with its keys, ordered by account name. */
  listAccounts(): Promise<AccountListing[]>;
  /**
   * Atomically adds `ms` (integer >= 0) to the account's usage for `month` ('YYYY-MM', UTC) and
   * returns the new total. Durable when the promise resolves.
   */
  addCpuUsage(accountId: string, month: string, ms: number): Promise<number>;
  /**
   * Group commit: adds every charge in ONE transaction (all or none) and returns the new totals in
   * the charges' order. Durable when the promise resolves. At most one charge per
   * (account, month): the caller sums duplicates first (`../http/billing.ts` does).
   */
  addCpuUsageBatch(charges: readonly CpuCharge[]): Promise<number[]>;
  /** CPU ms used by the account in `month` ('YYYY-MM'); 0 when none. */
  getCpuUsage(accountId: string, month: string): Promise<number>;
  /** Closes connections / the database file. Idempotent. */
  close(): Promise<void>;
}

/** Options of `createStore` (`./index.ts`). */
export interface StoreOptions {
  /** PostgreSQL URL (`--database-url` / `DATABASE_URL`). When set, PostgreSQL is used. */
  databaseUrl?: string;
  /** Data directory for SQLite (`--data` / `DATA_DIR`); default `./data`. File: `<dir>/evaluator.db`. */
  dataDir?: string;
  /** PostgreSQL schema to use (created if missing); default `public`. For tests. */
  pgSchema?: string;
}
