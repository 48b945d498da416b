/**
 * Driver errors → DbError with one wording for the three drivers: the
 * server's message, its code, and where in the statement it points
 * (`at line L, column C`): pg gives a character offset, MySQL/MariaDB a
 * `near '…' at line N`, SQLite a `near "…"` token.
 */
import { DbError } from './types.js';
import type { DbDriver } from './url.js';

/** `line L, column C` of a 1-based character offset. */
export function lineColumn(sql: string, position: number): { line: number; column: number } {
  let line = 1;
  let column = 1;
  const end = Math.min(position - 1, sql.length);
  for (let i = 0; i < end; i++) {
    if (sql[i] === '\n') {
      line++;
      column = 1;
    } else column++;
  }
  return { line, column };
}

/**
 * The 1-based offset of the token `near` in the statement, searching from
 * line `line` (1-based) when given. A word must stand alone (`t` is not the
 * `t` of `select`).
 */
function offsetOf(sql: string, near: string, line = 1): number | undefined {
  if (near === '') return undefined;
  let from = 0;
  for (let l = 1; l < line; l++) {
    const nl = sql.indexOf('\n', from);
    if (nl < 0) break;
    from = nl + 1;
  }
  const text = near.slice(0, 40).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const word = /^\w/.test(near) ? '(?<![\\w$])' : '';
  const end = /^\w+$/.test(near) ? '(?![\\w$])' : '';
  const at = new RegExp(word + text + end, 'g');
  at.lastIndex = from;
  const m = at.exec(sql);
  return m ? m.index + 1 : undefined;
}

const CONNECT_CODES = new Set([
  'ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ECONNRESET', 'EPIPE',
  // pg: invalid password, no such role or database, too many connections; mysql: access denied, no such database.
  '28P01', '28000', '3D000', '53300', 'ER_ACCESS_DENIED_ERROR', 'ER_BAD_DB_ERROR', 'ER_DBACCESS_DENIED_ERROR', 'PROTOCOL_CONNECTION_LOST',
  'SQLITE_CANTOPEN', 'SQLITE_NOTADB',
]);

interface DriverFault {
  message?: string;
  code?: string | number;
  errno?: number;
  position?: string | number;
}

/** True for a fault of reaching the database rather than of a statement. */
export function isConnectFault(e: unknown): boolean {
  const f = e as DriverFault & { errors?: DriverFault[] };
  if (typeof f?.code === 'string' && CONNECT_CODES.has(f.code)) return true;
  if (Array.isArray(f?.errors) && f.errors.some((x) => typeof x.code === 'string' && CONNECT_CODES.has(x.code))) return true;
  return /connection timeout|timeout expired|Connection terminated|connect ETIMEDOUT/i.test(f?.message ?? '');
}

/** `cannot connect to <url>: <reason>` (the reason names the address when the driver does). */
export function connectError(display: string, e: unknown): DbError {
  const f = e as DriverFault & { errors?: DriverFault[] };
  // An AggregateError (IPv4 and IPv6 both refused) carries its reasons inside.
  const reason = f?.message || (f?.errors ?? []).map((x) => x.message).filter(Boolean).join('; ') || String(f?.code ?? e);
  return new DbError('connect', `cannot connect to ${display}: ${reason}`);
}

/** True when the server refused a write because the transaction or connection is read-only. */
function isReadOnly(driver: DbDriver, f: DriverFault): boolean {
  if (driver === 'postgres') return f.code === '25006';
  if (driver === 'mysql') return f.errno === 1792 || f.errno === 1290 || f.code === 'ER_CANT_EXECUTE_IN_READ_ONLY_TRANSACTION';
  return typeof f.code === 'string' && f.code.startsWith('SQLITE_READONLY');
}

/**
 * A driver's fault as a DbError: read-only refusals, connection faults, and
 * statement errors with the server's code and position.
 */
export function statementError(driver: DbDriver, display: string, sql: string, e: unknown): DbError {
  if (e instanceof DbError) return e;
  const f = (e ?? {}) as DriverFault;
  const message = f.message ?? String(e);
  if (isConnectFault(e)) return connectError(display, e);
  if (isReadOnly(driver, f)) return new DbError('read_only', message);
  let position: number | undefined;
  let code = '';
  if (driver === 'postgres') {
    position = f.position !== undefined ? Number(f.position) : undefined;
    code = f.code ? `SQLSTATE ${f.code}` : '';
  } else if (driver === 'mysql') {
    const near = /near '([\s\S]*)' at line (\d+)$/.exec(message);
    if (near) position = offsetOf(sql, near[1]!, Number(near[2]));
    code = [f.code, f.errno].filter((x) => x !== undefined).join(' ');
  } else {
    const near = /near "([^"]*)"/.exec(message);
    if (near) position = offsetOf(sql, near[1]!);
    code = typeof f.code === 'string' ? f.code : '';
  }
  let where = '';
  if (position !== undefined && Number.isFinite(position) && position > 0) {
    const lc = lineColumn(sql, position);
    where = ` at line ${lc.line}, column ${lc.column} of the statement`;
  }
  return new DbError('query', `${message}${code ? ` (${code})` : ''}${where}`, position);
}
