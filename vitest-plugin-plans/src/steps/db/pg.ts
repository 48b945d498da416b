/**
 * PostgreSQL through `pg`: one pool per URL per run (conn-pool.ts). Reads run in `BEGIN
 * READ ONLY` … `ROLLBACK` with the extended protocol (one statement, `$1`
 * placeholders); the session runs with TimeZone=UTC so timestamptz reads as
 * UTC. A step whose signal falls has its query cancelled on the server with
 * `pg_cancel_backend` from a second connection.
 */
import pg from 'pg';
import { NIL, type Value } from '../../expr/values.js';
import { ConnPool } from './conn-pool.js';
import { connectError, statementError } from './errors.js';
import { PG_TEXT_TYPES, PG_VALUE_TYPES } from './pg-values.js';
import { quoteName } from './quote.js';
import { CANCEL_GRACE_MS, CONNECT_TIMEOUT_MS, DbError, MAX_ROWS, aborted, settledWithin, type DbParam, type DbSession, type FixtureRow, type PrimaryKey, type ReadResult, type WriteResult } from './types.js';
import type { DbTarget } from './url.js';

const SESSION_OPTIONS = '-c TimeZone=UTC -c DateStyle=ISO -c bytea_output=hex';
const WRITE_COMMANDS = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE', 'COPY']);

/** A placeholder value as pg sends it: numbers as their exact text, JSON objects as text. */
function pgParam(p: DbParam): unknown {
  if (p === null || typeof p === 'boolean' || typeof p === 'string') return p;
  if (Array.isArray(p)) return p.map(pgParam);
  return 'num' in p ? p.num : p.json;
}

/** Clients whose connect finished. */
const connected = new WeakSet<pg.Client>();

interface Conn {
  client: pg.Client;
  /** A cancelled statement that did not give up: the connection is dropped, not reused. */
  stuck: boolean;
}

/** Opens the pool of a postgres:// URL (connections are made on first use). */
export function openPg(target: DbTarget): DbSession {
  return new PgSession(target);
}

class PgSession implements DbSession {
  private readonly pool: ConnPool<pg.Client>;

  constructor(readonly target: DbTarget) {
    this.pool = new ConnPool<pg.Client>({
      max: 10,
      open: () => {
        const client = new pg.Client({ connectionString: target.connect, types: PG_VALUE_TYPES, options: SESSION_OPTIONS, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
        // A connection the server drops is forgotten; it must not crash the run.
        client.on('error', () => this.pool.drop(client));
        const ready = client.connect().then(() => void connected.add(client), (e: unknown) => {
          throw connectError(target.display, e);
        });
        return { conn: client, ready };
      },
      // pg's end() on a client still connecting waits for the server's goodbye (a silent host never
      // sends one): drop its socket instead.
      destroy: (c) => (connected.has(c) ? void c.end().catch(() => undefined) : (c as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy()),
    });
  }

  private async acquire(signal: AbortSignal): Promise<Conn> {
    return { client: await this.pool.acquire(signal), stuck: false };
  }

  private release(c: Conn, broken: boolean): void {
    this.pool.release(c.client, broken || c.stuck);
  }

  /** Runs a statement; when the signal falls, cancels it on the server and throws `timeout`. */
  private async run<T>(c: Conn, running: Promise<T>, signal: AbortSignal): Promise<T> {
    const stop = aborted(signal);
    try {
      return await Promise.race([running, stop.promise]);
    } catch (e) {
      if (e instanceof DbError && e.code === 'timeout') {
        await this.cancel((c.client as unknown as { processID: number }).processID);
        if (!(await settledWithin(running, CANCEL_GRACE_MS))) c.stuck = true;
      }
      throw e;
    } finally {
      stop.dispose();
    }
  }

  private async cancel(pid: number): Promise<void> {
    const killer = new pg.Client({ connectionString: this.target.connect, connectionTimeoutMillis: 5000 });
    killer.on('error', () => undefined);
    try {
      await killer.connect();
      await killer.query('SELECT pg_cancel_backend($1)', [pid]);
    } catch {
      // The connection is dropped below when the statement does not give up.
    } finally {
      await killer.end().catch(() => undefined);
    }
  }

  /** Ends the transaction: ROLLBACK unless the connection is stuck (dropping it rolls back on the server). */
  private async rollback(c: Conn): Promise<boolean> {
    if (c.stuck) return false;
    try {
      await c.client.query('ROLLBACK');
      return true;
    } catch {
      return false;
    }
  }

  async read(sql: string, params: DbParam[], signal: AbortSignal): Promise<ReadResult> {
    const c = await this.acquire(signal);
    let ok = true;
    try {
      await this.run(c, c.client.query('BEGIN READ ONLY'), signal);
      const res = await this.run(c, c.client.query({ text: sql, values: params.map(pgParam), rowMode: 'array', queryMode: 'extended' } as pg.QueryArrayConfig), signal);
      if (res.rows.length > MAX_ROWS) throw new DbError('bad_result', `the query returned ${res.rows.length} rows; a sql step reads at most ${MAX_ROWS} (add a LIMIT)`);
      // pg hands NULL over as null without calling a type parser.
      return { columns: (res.fields ?? []).map((f) => f.name), rows: (res.rows as Array<Array<Value | null>>).map((r) => r.map((v) => v ?? NIL)) };
    } catch (e) {
      throw statementError('postgres', this.target.display, sql, e);
    } finally {
      // Always rolled back, whatever the statement did.
      ok = await this.rollback(c);
      this.release(c, !ok);
    }
  }

  async primaryKey(table: string, signal: AbortSignal): Promise<PrimaryKey | null> {
    const c = await this.acquire(signal);
    try {
      const rel = await c.client.query({ text: 'SELECT to_regclass($1)::oid::text AS oid', values: [quoteName(table, '"')], types: PG_TEXT_TYPES });
      const oid = (rel.rows[0] as { oid: string | null } | undefined)?.oid ?? null;
      if (oid === null) return null;
      const key = await c.client.query({
        text: `SELECT a.attname FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey)
               WHERE i.indrelid = $1::oid AND i.indisprimary ORDER BY array_position(i.indkey::int2[], a.attnum)`,
        values: [oid],
        types: PG_TEXT_TYPES,
      });
      return { columns: key.rows.map((r: { attname: string }) => r.attname), auto: null };
    } catch (e) {
      throw statementError('postgres', this.target.display, table, e);
    } finally {
      this.release(c, false);
    }
  }

  /** BEGIN, the work, `beforeCommit`, COMMIT; on any fault ROLLBACK (or drop the connection). */
  private async transaction(signal: AbortSignal, sql: string, work: (c: Conn) => Promise<WriteResult>, beforeCommit: (r: WriteResult) => void): Promise<WriteResult> {
    const c = await this.acquire(signal);
    let written = 0;
    let ok = true;
    try {
      await this.run(c, c.client.query('BEGIN'), signal);
      const r = await work(c);
      written = r.affected;
      beforeCommit(r);
      await this.run(c, c.client.query('COMMIT'), signal);
      return r;
    } catch (e) {
      ok = await this.rollback(c);
      const err = statementError('postgres', this.target.display, sql, e);
      throw new DbError(err.code, err.message, err.position, (e as { written?: number }).written ?? written);
    } finally {
      this.release(c, !ok);
    }
  }

  insertRows(table: string, rows: FixtureRow[], key: PrimaryKey | null, signal: AbortSignal, beforeCommit: (r: WriteResult) => void): Promise<WriteResult> {
    const into = quoteName(table, '"');
    const returning = key && key.columns.length > 0 ? ` RETURNING ${key.columns.map((k) => quoteName(k, '"')).join(', ')}` : '';
    return this.transaction(signal, `INSERT INTO ${into}`, async (c) => {
      const out: WriteResult = { affected: 0, keys: [] };
      for (const row of rows) {
        const text = row.length === 0
          ? `INSERT INTO ${into} DEFAULT VALUES${returning}`
          : `INSERT INTO ${into} (${row.map(([k]) => quoteName(k, '"')).join(', ')}) VALUES (${row.map((_, i) => `$${i + 1}`).join(', ')})${returning}`;
        try {
          const r = await this.run(c, c.client.query({ text, values: row.map(([, v]) => pgParam(v)), rowMode: 'array', types: PG_TEXT_TYPES } as pg.QueryArrayConfig), signal);
          out.affected += r.rowCount ?? 0;
          if (returning) out.keys.push(r.rows[0] ?? []);
        } catch (e) {
          throw Object.assign(statementError('postgres', this.target.display, text, e), { written: out.affected });
        }
      }
      return out;
    }, beforeCommit);
  }

  execScript(sql: string, signal: AbortSignal, beforeCommit: (r: WriteResult) => void): Promise<WriteResult> {
    return this.transaction(signal, sql, async (c) => {
      // No params: the simple protocol, so a fixture may hold several statements.
      const r = (await this.run(c, c.client.query(sql), signal)) as pg.QueryResult | pg.QueryResult[];
      const results = Array.isArray(r) ? r : [r];
      const affected = results.reduce((n, x) => n + (WRITE_COMMANDS.has(x.command) ? (x.rowCount ?? 0) : 0), 0);
      return { affected, keys: [] };
    }, beforeCommit);
  }

  async deleteByKey(table: string, key: string[], keys: unknown[][], signal: AbortSignal): Promise<number> {
    const text = `DELETE FROM ${quoteName(table, '"')} WHERE ${key.map((k, i) => `${quoteName(k, '"')} = $${i + 1}`).join(' AND ')}`;
    let deleted = 0;
    await this.transaction(signal, text, async (c) => {
      for (const values of keys) deleted += (await this.run(c, c.client.query({ text, values, types: PG_TEXT_TYPES }), signal)).rowCount ?? 0;
      return { affected: deleted, keys: [] };
    }, () => undefined);
    return deleted;
  }

  async close(): Promise<void> {
    this.pool.close();
  }
}
