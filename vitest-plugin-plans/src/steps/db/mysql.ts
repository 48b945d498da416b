/**
 * MySQL and MariaDB through `mysql2`: per URL per run, a reader pool (conn-pool.ts; one
 * statement per query, `SET SESSION TRANSACTION READ ONLY` so even DDL's
 * implicit commit cannot write) and, for fixtures, a writer pool that takes
 * several statements. Reads run in `START TRANSACTION READ ONLY` … `ROLLBACK`
 * with `?` placeholders; sessions run in UTC. A timeout cancels the
 * statement with `KILL QUERY` from a second connection.
 */
import mysql from 'mysql2';
import { ConnPool } from './conn-pool.js';
import { connectError, statementError } from './errors.js';
import { mysqlCell, type MysqlField } from './mysql-values.js';
import { quoteName } from './quote.js';
import { CANCEL_GRACE_MS, CONNECT_TIMEOUT_MS, DbError, MAX_ROWS, aborted, settledWithin, type DbParam, type DbSession, type FixtureRow, type PrimaryKey, type ReadResult, type WriteResult } from './types.js';
import type { DbTarget } from './url.js';

type Conn = mysql.Connection & { stuck?: boolean; kind?: 'reader' | 'writer' };

/** A statement that changes the session (SET …): its connection is not reused. */
const SETS_SESSION = /^\s*(?:(?:\/\*[\s\S]*?\*\/|--[^\n]*\n|#[^\n]*\n)\s*)*set\b/i;

/** A placeholder value: numbers go in as their exact text (mysql2 inlines `?` values client-side). */
function myParam(p: DbParam): unknown {
  if (p === null || typeof p === 'boolean' || typeof p === 'string') return p;
  if (Array.isArray(p)) return p.map(myParam);
  if ('num' in p) {
    const text = p.num;
    return { toSqlString: () => text };
  }
  return p.json;
}

function query(c: mysql.Connection, opts: mysql.QueryOptions): Promise<[unknown, MysqlField[]]> {
  return new Promise((resolve, reject) => c.query(opts, (err, rows, fields) => (err ? reject(err) : resolve([rows, (fields ?? []) as unknown as MysqlField[]]))));
}

/** Opens the pools of a mysql:// or mariadb:// URL (connections are made on first use). */
export function openMysql(target: DbTarget): DbSession {
  return new MysqlSession(target);
}

class MysqlSession implements DbSession {
  private readonly options: mysql.ConnectionOptions;
  private readonly pools: Record<'reader' | 'writer', ConnPool<Conn> | undefined> = { reader: undefined, writer: undefined };

  constructor(readonly target: DbTarget) {
    this.options = {
      uri: target.connect,
      supportBigNumbers: true,
      bigNumberStrings: true,
      decimalNumbers: false,
      dateStrings: true,
      jsonStrings: true,
      connectTimeout: CONNECT_TIMEOUT_MS,
      timezone: 'Z',
    } as mysql.ConnectionOptions;
  }

  private pool(kind: 'reader' | 'writer'): ConnPool<Conn> {
    const existing = this.pools[kind];
    if (existing) return existing;
    const pool: ConnPool<Conn> = new ConnPool<Conn>({
      max: 10,
      open: () => {
        const c: Conn = mysql.createConnection({ ...this.options, multipleStatements: kind === 'writer' });
        // A connection the server drops is forgotten; it must not crash the run.
        c.on('error', () => pool.drop(c));
        const ready = new Promise<void>((resolve, reject) => c.connect((err) => (err ? reject(err) : resolve())))
          .then(() => query(c, { sql: "SET time_zone = '+00:00'" }))
          .then(() => (kind === 'reader' ? query(c, { sql: 'SET SESSION TRANSACTION READ ONLY' }) : undefined))
          .then(() => undefined, (e: unknown) => {
            throw connectError(this.target.display, e);
          });
        return { conn: c, ready };
      },
      destroy: (c) => c.destroy(),
    });
    this.pools[kind] = pool;
    return pool;
  }

  private async acquire(kind: 'reader' | 'writer', signal: AbortSignal): Promise<Conn> {
    const c = await this.pool(kind).acquire(signal);
    c.kind = kind;
    c.stuck = false;
    return c;
  }

  /** Runs a statement; when the signal falls, `KILL QUERY` on its thread and throw `timeout`. */
  private async run<T>(c: Conn, running: Promise<T>, signal: AbortSignal): Promise<T> {
    const stop = aborted(signal);
    try {
      return await Promise.race([running, stop.promise]);
    } catch (e) {
      if (e instanceof DbError && e.code === 'timeout') {
        await this.kill(c.threadId);
        if (!(await settledWithin(running, CANCEL_GRACE_MS))) c.stuck = true;
      }
      throw e;
    } finally {
      stop.dispose();
    }
  }

  private async kill(threadId: number): Promise<void> {
    const killer = mysql.createConnection(this.options);
    killer.on('error', () => undefined);
    try {
      await query(killer, { sql: 'KILL QUERY ?', values: [threadId] });
    } catch {
      // The connection is destroyed below when the statement does not give up.
    } finally {
      killer.destroy();
    }
  }

  /** ROLLBACK and give the connection back; a stuck or session-changing one is destroyed instead. */
  private async end(c: Conn, destroy: boolean): Promise<void> {
    if (!c.stuck) {
      try {
        await query(c, { sql: 'ROLLBACK' });
      } catch {
        destroy = true;
      }
    }
    this.pool(c.kind ?? 'reader').release(c, destroy || c.stuck === true);
  }

  async read(sql: string, params: DbParam[], signal: AbortSignal): Promise<ReadResult> {
    const c = await this.acquire('reader', signal);
    try {
      await this.run(c, query(c, { sql: 'START TRANSACTION READ ONLY' }), signal);
      const [rows, fields] = await this.run(c, query(c, { sql, values: params.map(myParam), rowsAsArray: true }), signal);
      if (!Array.isArray(rows)) return { columns: [], rows: [] };
      if (rows.length > MAX_ROWS) throw new DbError('bad_result', `the query returned ${rows.length} rows; a sql step reads at most ${MAX_ROWS} (add a LIMIT)`);
      return { columns: fields.map((f) => f.name), rows: (rows as unknown[][]).map((r) => r.map((v, i) => mysqlCell(v, fields[i]!))) };
    } catch (e) {
      throw statementError('mysql', this.target.display, sql, e);
    } finally {
      await this.end(c, SETS_SESSION.test(sql));
    }
  }

  async primaryKey(table: string, signal: AbortSignal): Promise<PrimaryKey | null> {
    const dot = table.lastIndexOf('.');
    const schema = dot < 0 ? null : table.slice(0, dot);
    const name = table.slice(dot + 1);
    const c = await this.acquire('reader', signal);
    try {
      const where = 'TABLE_SCHEMA = COALESCE(?, DATABASE()) AND TABLE_NAME = ?';
      const [found] = await this.run(c, query(c, { sql: `SELECT 1 FROM information_schema.TABLES WHERE ${where}`, values: [schema, name] }), signal);
      if ((found as unknown[]).length === 0) return null;
      const [cols] = await this.run(c, query(c, {
        sql: `SELECT COLUMN_NAME AS name, COLUMN_KEY AS k, EXTRA AS extra FROM information_schema.COLUMNS WHERE ${where} ORDER BY ORDINAL_POSITION`,
        values: [schema, name],
      }), signal);
      const [key] = await this.run(c, query(c, {
        sql: `SELECT COLUMN_NAME AS name FROM information_schema.KEY_COLUMN_USAGE WHERE ${where} AND CONSTRAINT_NAME = 'PRIMARY' ORDER BY ORDINAL_POSITION`,
        values: [schema, name],
      }), signal);
      const auto = (cols as Array<{ name: string; extra: string }>).find((x) => /auto_increment/i.test(x.extra))?.name ?? null;
      return { columns: (key as Array<{ name: string }>).map((x) => x.name), auto };
    } catch (e) {
      throw statementError('mysql', this.target.display, table, e);
    } finally {
      await this.end(c, false);
    }
  }

  private async transaction(signal: AbortSignal, sql: string, work: (c: Conn) => Promise<WriteResult>, beforeCommit: (r: WriteResult) => void): Promise<WriteResult> {
    const c = await this.acquire('writer', signal);
    let written = 0;
    try {
      await this.run(c, query(c, { sql: 'START TRANSACTION' }), signal);
      const r = await work(c);
      written = r.affected;
      beforeCommit(r);
      await this.run(c, query(c, { sql: 'COMMIT' }), signal);
      return r;
    } catch (e) {
      const err = statementError('mysql', this.target.display, sql, e);
      throw new DbError(err.code, err.message, err.position, (e as { written?: number }).written ?? written);
    } finally {
      await this.end(c, false);
    }
  }

  async insertRows(table: string, rows: FixtureRow[], key: PrimaryKey | null, signal: AbortSignal, beforeCommit: (r: WriteResult) => void): Promise<WriteResult> {
    const into = quoteName(table, '`');
    // MySQL has no RETURNING: a key column comes from the row, or from insertId when MySQL numbers it.
    if (key) {
      rows.forEach((row, i) => {
        const missing = key.columns.find((k) => k !== key.auto && !row.some(([c]) => c === k));
        if (missing) throw new DbError('query', `row ${i + 1} has no value for the primary key column ${missing}, which the database does not number itself; a rollback fixture needs it to delete the row at run end`);
      });
    }
    return this.transaction(signal, `INSERT INTO ${into}`, async (c) => {
      const out: WriteResult = { affected: 0, keys: [] };
      for (const row of rows) {
        const sql = row.length === 0 ? `INSERT INTO ${into} () VALUES ()` : `INSERT INTO ${into} (${row.map(([k]) => quoteName(k, '`')).join(', ')}) VALUES (${row.map(() => '?').join(', ')})`;
        try {
          const [res] = await this.run(c, query(c, { sql, values: row.map(([, v]) => myParam(v)) }), signal);
          const header = res as { affectedRows?: number; insertId?: number | string };
          out.affected += header.affectedRows ?? 0;
          if (key) out.keys.push(key.columns.map((k) => (row.find(([col]) => col === k) ? myParam(row.find(([col]) => col === k)![1]) : header.insertId)));
        } catch (e) {
          throw Object.assign(statementError('mysql', this.target.display, sql, e), { written: out.affected });
        }
      }
      return out;
    }, beforeCommit);
  }

  execScript(sql: string, signal: AbortSignal, beforeCommit: (r: WriteResult) => void): Promise<WriteResult> {
    return this.transaction(signal, sql, async (c) => {
      const [res] = await this.run(c, query(c, { sql }), signal);
      const parts = Array.isArray(res) ? res : [res];
      const affected = parts.reduce((n: number, x) => n + ((x as { constructor?: { name?: string } })?.constructor?.name === 'ResultSetHeader' ? ((x as { affectedRows: number }).affectedRows ?? 0) : 0), 0);
      return { affected, keys: [] };
    }, beforeCommit);
  }

  async deleteByKey(table: string, key: string[], keys: unknown[][], signal: AbortSignal): Promise<number> {
    const sql = `DELETE FROM ${quoteName(table, '`')} WHERE ${key.map((k) => `${quoteName(k, '`')} = ?`).join(' AND ')}`;
    let deleted = 0;
    await this.transaction(signal, sql, async (c) => {
      for (const values of keys) deleted += ((await this.run(c, query(c, { sql, values }), signal))[0] as { affectedRows?: number }).affectedRows ?? 0;
      return { affected: deleted, keys: [] };
    }, () => undefined);
    return deleted;
  }

  async close(): Promise<void> {
    this.pools.reader?.close();
    this.pools.writer?.close();
  }
}
