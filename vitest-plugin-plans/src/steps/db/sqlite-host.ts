/**
 * The SQLite worker: a child process holding one database file's
 * better-sqlite3 connections, one opened read-only (sql steps) and one
 * read-write (fixtures). better-sqlite3 12 is synchronous and exposes no
 * sqlite3_interrupt, so a statement that runs too long can only be stopped
 * from outside: the runner kills this process (steps/db/sqlite.ts), which is
 * SQLite's interrupt plus a rollback of any open transaction by the journal.
 * Run as `node sqlite-host.js <file> <maxRows>`; it exits when the runner
 * disconnects and ignores SIGINT (the runner decides when it ends).
 */
import { existsSync } from 'node:fs';
import Database from 'better-sqlite3';
import type { SqliteReply, SqliteRequest, SqliteValue } from './sqlite-protocol.js';

const file = process.argv[2] ?? '';
const maxRows = Number(process.argv[3] ?? 100000);
const CACHE_LIMIT = 256;

interface Conn {
  db: Database.Database;
  statements: Map<string, Database.Statement>;
}
let ro: Conn | undefined;
let rw: Conn | undefined;

/** Opens a connection; a read-only one needs the file (a later fixture may create it: a failed open is retried next time). */
function open(readonly: boolean): Conn {
  if (readonly && !existsSync(file)) throw new Fault(`no database file at ${file}`, 'SQLITE_CANTOPEN');
  const db = new Database(file, readonly ? { readonly: true, fileMustExist: true } : {});
  db.defaultSafeIntegers(true);
  return { db, statements: new Map() };
}

function prepare(c: Conn, sql: string): Database.Statement {
  let s = c.statements.get(sql);
  if (!s) {
    s = c.db.prepare(sql);
    if (c.statements.size >= CACHE_LIMIT) c.statements.delete(c.statements.keys().next().value as string);
    c.statements.set(sql, s);
  }
  return s;
}

class Fault extends Error {
  constructor(message: string, readonly code: string | null, readonly written = 0) {
    super(message);
  }
}

function read(sql: string, params: SqliteValue[]): SqliteReply {
  ro ??= open(true);
  const c = ro;
  c.db.exec('BEGIN');
  try {
    const s = prepare(c, sql);
    if (!s.reader) {
      // A statement that returns no data: run it so a write is refused by the read-only connection.
      s.run(...params);
      return { id: 0, ok: true, columns: [], rows: [] };
    }
    const columns = s.columns().map((col) => ({ name: col.name, type: col.type }));
    const rows: SqliteValue[][] = [];
    for (const r of s.raw(true).iterate(...params) as Iterable<SqliteValue[]>) {
      if (rows.length >= maxRows) throw new Fault(`the query returned more than ${maxRows} rows; a sql step reads at most ${maxRows} (add a LIMIT)`, 'bad_result');
      rows.push(r);
    }
    return { id: 0, ok: true, columns, rows };
  } finally {
    if (c.db.inTransaction) c.db.exec('ROLLBACK');
  }
}

function primaryKey(table: string): SqliteReply {
  rw ??= open(false);
  const dot = table.lastIndexOf('.');
  const schema = dot < 0 ? '' : `"${table.slice(0, dot).replace(/"/g, '""')}".`;
  const name = table.slice(dot + 1).replace(/'/g, "''");
  const info = rw.db.prepare(`PRAGMA ${schema}table_info('${name}')`).all() as Array<{ name: string; type: string; pk: bigint | number }>;
  if (info.length === 0) return { id: 0, ok: true, pk: null };
  const key = info.filter((c) => Number(c.pk) > 0).sort((a, b) => Number(a.pk) - Number(b.pk));
  const auto = key.length === 1 && key[0]!.type.toUpperCase() === 'INTEGER' ? key[0]!.name : null;
  return { id: 0, ok: true, pk: { columns: key.map((c) => c.name), auto } };
}

function insert(sql: string[], params: SqliteValue[][], returning: boolean): SqliteReply {
  rw ??= open(false);
  const c = rw;
  c.db.exec('BEGIN IMMEDIATE');
  let affected = 0;
  const keys: SqliteValue[][] = [];
  try {
    sql.forEach((text, i) => {
      const s = prepare(c, text);
      if (returning) {
        const row = s.raw(true).get(...params[i]!) as SqliteValue[] | undefined;
        keys.push(row ?? []);
        affected += row ? 1 : 0;
      } else affected += s.run(...params[i]!).changes;
    });
  } catch (e) {
    c.db.exec('ROLLBACK');
    throw new Fault((e as Error).message, (e as { code?: string }).code ?? null, affected);
  }
  return { id: 0, ok: true, affected, keys };
}

function exec(sql: string): SqliteReply {
  rw ??= open(false);
  const c = rw;
  const changes = () => Number(c.db.prepare('SELECT total_changes()').pluck().get());
  c.db.exec('BEGIN IMMEDIATE');
  const before = changes();
  try {
    c.db.exec(sql);
  } catch (e) {
    if (c.db.inTransaction) c.db.exec('ROLLBACK');
    throw e;
  }
  return { id: 0, ok: true, affected: changes() - before };
}

function remove(sql: string, keys: SqliteValue[][]): SqliteReply {
  rw ??= open(false);
  const c = rw;
  c.db.exec('BEGIN IMMEDIATE');
  let affected = 0;
  try {
    for (const k of keys) affected += prepare(c, sql).run(...k).changes;
    c.db.exec('COMMIT');
  } catch (e) {
    if (c.db.inTransaction) c.db.exec('ROLLBACK');
    throw e;
  }
  return { id: 0, ok: true, affected };
}

function handle(m: SqliteRequest): SqliteReply {
  switch (m.op) {
    case 'read':
      return read(m.sql, m.params);
    case 'pk':
      return primaryKey(m.table);
    case 'insert':
      return insert(m.sql, m.params, m.returning);
    case 'exec':
      return exec(m.sql);
    case 'commit':
      rw?.db.exec('COMMIT');
      return { id: 0, ok: true };
    case 'rollback':
      if (rw?.db.inTransaction) rw.db.exec('ROLLBACK');
      return { id: 0, ok: true };
    case 'delete':
      return remove(m.sql, m.keys);
  }
}

process.on('message', (m: SqliteRequest) => {
  let reply: SqliteReply;
  try {
    reply = { ...handle(m), id: m.id };
  } catch (e) {
    const f = e as { message?: string; code?: string; written?: number };
    reply = { id: m.id, ok: false, message: f.message ?? String(e), code: typeof f.code === 'string' ? f.code : null, written: f.written ?? 0 };
  }
  process.send?.(reply);
});
process.on('disconnect', () => process.exit(0));
process.on('SIGINT', () => undefined);
process.send?.({ ready: true });
