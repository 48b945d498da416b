/**
 * SQLite through better-sqlite3, in a worker process per file per run
 * (sqlite-process.ts): sql steps read through a connection opened read-only,
 * fixtures write through a second one, `?` placeholders. A timeout kills the
 * worker, which stops the statement; reads that were waiting behind it are
 * sent again to a new worker, writes waiting behind it fail (their
 * transaction was rolled back). Write transactions take a lock so two
 * fixtures never share one.
 */
import { statementError } from './errors.js';
import { quoteName } from './quote.js';
import type { SqliteReply, SqliteValue } from './sqlite-protocol.js';
import { SqliteProcess, type Pending, type Request } from './sqlite-process.js';
import { sqliteCell, sqliteParam } from './sqlite-values.js';
import { DbError, aborted, type DbParam, type DbSession, type FixtureRow, type PrimaryKey, type ReadResult, type WriteResult } from './types.js';
import type { DbTarget } from './url.js';

type Ok = Extract<SqliteReply, { ok: true }>;

/** Opens the session of a sqlite:<path> URL (the worker starts on first use). */
export function openSqlite(target: DbTarget): DbSession {
  return new SqliteSession(target);
}

class SqliteSession implements DbSession {
  private worker: SqliteProcess | undefined;
  private lock: Promise<void> = Promise.resolve();

  constructor(readonly target: DbTarget) {}

  private process(): SqliteProcess {
    if (!this.worker || this.worker.dead) this.worker = new SqliteProcess(this.target.display, this.target.file!);
    return this.worker;
  }

  /** Sends a request; the signal falling kills the worker (the statement stops) and throws `timeout`. */
  private async call(msg: Request, signal: AbortSignal, sql: string): Promise<Ok> {
    const worker = this.process();
    const stop = aborted(signal);
    let reply: SqliteReply;
    try {
      reply = await Promise.race([worker.send(msg), stop.promise]);
    } catch (e) {
      if (e instanceof DbError && e.code === 'timeout') this.restart(worker, msg);
      throw e;
    } finally {
      stop.dispose();
    }
    if (!reply.ok) {
      if (reply.code === 'bad_result') throw new DbError('bad_result', reply.message);
      const err = statementError('sqlite', this.target.display, sql, { message: reply.message, code: reply.code ?? undefined });
      throw new DbError(err.code, err.message, err.position, reply.written);
    }
    return reply;
  }

  /** Kills the worker; reads that waited behind the stopped statement go to a new one, writes fail. */
  private restart(worker: SqliteProcess, stopped: Request): void {
    const others: Pending[] = worker.kill();
    for (const p of others) {
      if (p.msg === stopped) continue;
      if (p.msg.op === 'read' || p.msg.op === 'pk') this.process().send(p.msg).then(p.resolve, p.reject);
      else p.reject(new DbError('query', `the SQLite worker for ${this.target.display} was restarted to stop a timed-out statement of another step; this transaction was rolled back`));
    }
  }

  /** Runs write work alone (a fixture's transaction spans two requests). */
  private async exclusive<T>(signal: AbortSignal, work: () => Promise<T>): Promise<T> {
    const before = this.lock;
    let release = () => undefined as void;
    this.lock = new Promise<void>((r) => (release = r));
    const stop = aborted(signal);
    try {
      await Promise.race([before, stop.promise]);
      return await work();
    } finally {
      stop.dispose();
      // A waiter that gave up still holds its place until the one before it is done.
      void before.then(release);
    }
  }

  async read(sql: string, params: DbParam[], signal: AbortSignal): Promise<ReadResult> {
    const r = await this.call({ op: 'read', sql, params: params.map(sqliteParam) }, signal, sql);
    const columns = r.columns ?? [];
    return { columns: columns.map((c) => c.name), rows: (r.rows ?? []).map((row) => row.map((v, i) => sqliteCell(v, columns[i]?.type ?? null))) };
  }

  async primaryKey(table: string, signal: AbortSignal): Promise<PrimaryKey | null> {
    return (await this.call({ op: 'pk', table }, signal, table)).pk ?? null;
  }

  /** The open transaction's second half: `beforeCommit`, then COMMIT (a failure there drops the worker, which rolls back). */
  private async commit(r: WriteResult, signal: AbortSignal, beforeCommit: (r: WriteResult) => void): Promise<WriteResult> {
    try {
      beforeCommit(r);
    } catch (e) {
      await this.call({ op: 'rollback' }, signal, 'ROLLBACK').catch(() => undefined);
      throw e;
    }
    await this.call({ op: 'commit' }, signal, 'COMMIT').catch((e: DbError) => {
      throw new DbError(e.code, e.message, e.position, r.affected);
    });
    return r;
  }

  insertRows(table: string, rows: FixtureRow[], key: PrimaryKey | null, signal: AbortSignal, beforeCommit: (r: WriteResult) => void): Promise<WriteResult> {
    const into = quoteName(table, '"');
    const returning = key && key.columns.length > 0 ? ` RETURNING ${key.columns.map((k) => quoteName(k, '"')).join(', ')}` : '';
    const sql = rows.map((row) => row.length === 0
      ? `INSERT INTO ${into} DEFAULT VALUES${returning}`
      : `INSERT INTO ${into} (${row.map(([k]) => quoteName(k, '"')).join(', ')}) VALUES (${row.map(() => '?').join(', ')})${returning}`);
    const params: SqliteValue[][] = rows.map((row) => row.map(([, v]) => sqliteParam(v)));
    return this.exclusive(signal, async () => {
      const r = await this.call({ op: 'insert', sql, params, returning: returning !== '' }, signal, sql[0] ?? `INSERT INTO ${into}`);
      return this.commit({ affected: r.affected ?? 0, keys: r.keys ?? [] }, signal, beforeCommit);
    });
  }

  execScript(sql: string, signal: AbortSignal, beforeCommit: (r: WriteResult) => void): Promise<WriteResult> {
    return this.exclusive(signal, async () => {
      const r = await this.call({ op: 'exec', sql }, signal, sql);
      return this.commit({ affected: r.affected ?? 0, keys: [] }, signal, beforeCommit);
    });
  }

  deleteByKey(table: string, key: string[], keys: unknown[][], signal: AbortSignal): Promise<number> {
    const sql = `DELETE FROM ${quoteName(table, '"')} WHERE ${key.map((k) => `${quoteName(k, '"')} = ?`).join(' AND ')}`;
    return this.exclusive(signal, async () => (await this.call({ op: 'delete', sql, keys: keys as SqliteValue[][] }, signal, sql)).affected ?? 0);
  }

  async close(): Promise<void> {
    await this.worker?.close();
    this.worker = undefined;
  }
}
