/** Messages between the runner and its SQLite worker process (steps/db/sqlite-host.ts), sent over IPC with structured cloning (bigint and bytes survive). */

/** A value better-sqlite3 binds or returns: INTEGER as bigint (safeIntegers), REAL as number, TEXT, BLOB, NULL. */
export type SqliteValue = bigint | number | string | Uint8Array | null;

export type SqliteRequest =
  | { id: number; op: 'read'; sql: string; params: SqliteValue[] }
  | { id: number; op: 'pk'; table: string }
  /** BEGIN IMMEDIATE and the inserts; the transaction stays open for `commit`. */
  | { id: number; op: 'insert'; sql: string[]; params: SqliteValue[][]; returning: boolean }
  /** BEGIN IMMEDIATE and the script; the transaction stays open for `commit`. */
  | { id: number; op: 'exec'; sql: string }
  | { id: number; op: 'commit' }
  | { id: number; op: 'rollback' }
  /** Deletes in one transaction, committed. */
  | { id: number; op: 'delete'; sql: string; keys: SqliteValue[][] };

export type SqliteReply =
  | { id: number; ok: true; columns?: Array<{ name: string; type: string | null }>; rows?: SqliteValue[][]; affected?: number; keys?: SqliteValue[][]; pk?: { columns: string[]; auto: string | null } | null }
  | { id: number; ok: false; message: string; code: string | null; written: number };

/** The worker's first message. */
export interface SqliteReady {
  ready: true;
}
