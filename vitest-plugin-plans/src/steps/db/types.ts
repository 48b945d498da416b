/**
 * What the sql and fixture steps ask of a database, one interface over pg,
 * mysql2 and better-sqlite3 (steps/db/pg.ts, mysql.ts, sqlite.ts), and the
 * one error class its faults are thrown as.
 */
import type { Value } from '../../expr/values.js';
import type { DbTarget } from './url.js';

/**
 * A value bound to a placeholder. Numbers keep the text they were written
 * with (`{ num }`) so no value passes through a double on the way in either;
 * JSON objects travel as their text.
 */
export type DbParam = null | boolean | string | { num: string } | { json: string } | DbParam[];

/** What a read-only query returned: column names in order, and the rows' cells already exact. */
export interface ReadResult {
  columns: string[];
  rows: Value[][];
}

/** A table's primary key, read from its metadata. */
export interface PrimaryKey {
  /** Key columns in key order; empty when the table has none. */
  columns: string[];
  /** The column the database numbers itself (serial, AUTO_INCREMENT, INTEGER PRIMARY KEY), when there is one. */
  auto: string | null;
}

/** One row of a fixture: column → value, in the order written. */
export type FixtureRow = Array<[string, DbParam]>;

/** What a committed write did. */
export interface WriteResult {
  /** Rows the statements wrote. */
  affected: number;
  /** Inserts: each row's primary key values (driver-native), in insert order; empty when no key was asked for. */
  keys: unknown[][];
}

/** One database URL's connections for one run (a pool, or SQLite's worker process). */
export interface DbSession {
  readonly target: DbTarget;
  /**
   * Runs one query inside a read-only transaction that is always rolled back.
   * @throws DbError (`timeout` after cancelling the query on the server)
   */
  read(sql: string, params: DbParam[], signal: AbortSignal): Promise<ReadResult>;
  /** The table's primary key, or null when there is no such table. @throws DbError */
  primaryKey(table: string, signal: AbortSignal): Promise<PrimaryKey | null>;
  /**
   * Inserts rows in one transaction. `key` asks for each row's key values;
   * `beforeCommit` sees them before COMMIT is sent, so a commit whose answer
   * is lost is still undone at run end.
   * @throws DbError (with `written` when rows were inserted before the failure)
   */
  insertRows(table: string, rows: FixtureRow[], key: PrimaryKey | null, signal: AbortSignal, beforeCommit: (r: WriteResult) => void): Promise<WriteResult>;
  /** Runs literal SQL (one statement or several) in one transaction and commits it. @throws DbError */
  execScript(sql: string, signal: AbortSignal, beforeCommit: (r: WriteResult) => void): Promise<WriteResult>;
  /** Deletes rows by primary key, in the order given, in one transaction; returns how many were still there. @throws DbError */
  deleteByKey(table: string, key: string[], keys: unknown[][], signal: AbortSignal): Promise<number>;
  close(): Promise<void>;
}

/**
 * Why a database call failed. Codes: `connect` (unreachable, refused, bad
 * credentials), `query` (the server refused the statement), `read_only` (a
 * write in a read-only transaction), `timeout` (the step's signal fell; the
 * query was cancelled on the server), `bad_result` (a result the step cannot
 * read: too many rows).
 */
export class DbError extends Error {
  override name = 'DbError';
  constructor(
    readonly code: 'connect' | 'query' | 'read_only' | 'timeout' | 'bad_result',
    message: string,
    /** 1-based character offset of the fault in the statement, when the server gave one. */
    readonly position?: number,
    /** Rows written before the failure (rolled back with the transaction). */
    readonly written = 0,
  ) {
    super(message);
  }
}

/** Rows a sql step reads at most; a larger result leaves the step errored. */
export const MAX_ROWS = 100_000;

/** How long a cancelled query may take to give up before its connection is dropped. */
export const CANCEL_GRACE_MS = 2000;

/** Connection timeout of every driver. */
export const CONNECT_TIMEOUT_MS = 10_000;

/** The `timeout` message of a deadline that fell before a connection was had. */
export const WHILE_CONNECTING = 'the deadline fell while connecting';

/** A promise that rejects with `timeout` when the signal aborts (already aborted: at once). */
export function aborted(signal: AbortSignal, message = 'the deadline fell'): { promise: Promise<never>; dispose(): void } {
  let onAbort = () => undefined as void;
  const promise = new Promise<never>((_, reject) => {
    onAbort = () => reject(new DbError('timeout', message));
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
  });
  promise.catch(() => undefined);
  return { promise, dispose: () => signal.removeEventListener('abort', onAbort) };
}

/** Waits for a promise at most `ms`; true when it settled. */
export async function settledWithin(p: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((r) => (timer = setTimeout(() => r(false), ms)));
  const ok = await Promise.race([p.then(() => true, () => true), late]);
  clearTimeout(timer);
  return ok;
}
