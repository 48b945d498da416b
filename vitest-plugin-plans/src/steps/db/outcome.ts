/** What sql and fixture steps share around a database call: the exchange they record, the timed-out phase, and DbError → step error wording. */
import { durationFromMs } from '../../expr/duration.js';
import { dur, map, type Value } from '../../expr/values.js';
import type { ExchangePayload } from '../../events/types.js';
import { DbError, WHILE_CONNECTING } from './types.js';
import type { DbDriver } from './url.js';

/** The exchange of one statement (docs/kinds/sql.md: method SQL or FIXTURE, url without password, statement as body, rows or count as response). */
export function dbExchange(o: {
  method: 'SQL' | 'FIXTURE';
  url: string;
  statement: string;
  params: string;
  ms: number;
  /** Rows (sql) or rows affected (fixture) and the response body; null when there was no answer. */
  answer: { count: number; body: string | null; driver: string } | null;
  error: string | null;
}): ExchangePayload {
  const body = o.answer?.body ?? null;
  return {
    index: null,
    request: { method: o.method, url: o.url, headers: [], body: o.statement, bodyEncoding: 'utf8', bodySize: Buffer.byteLength(o.statement), bodyTruncated: false },
    response: o.answer
      ? { status: o.answer.count, statusText: o.method === 'SQL' ? 'rows' : 'rows affected', proto: o.answer.driver, headers: [], body, bodyEncoding: 'utf8', bodySize: body === null ? 0 : Buffer.byteLength(body), bodyTruncated: false }
      : null,
    redirects: [],
    timing: { total: o.ms },
    newConnection: false,
    error: o.error,
    frames: null,
    extra: { params: o.params },
  };
}

/** `duration` of a sql or fixture step: total only. */
export function totalDuration(ms: number): Value {
  return map({ total: dur(durationFromMs(ms)) }, 'phases');
}

/** The phase a timed-out statement fell in, naming how it was stopped. */
export function cancelledPhase(driver: DbDriver, e: DbError): string {
  if (e.message === WHILE_CONNECTING) return `connecting to the database`;
  if (driver === 'postgres') return 'running the statement; cancelled on the server with pg_cancel_backend';
  if (driver === 'mysql') return 'running the statement; cancelled on the server with KILL QUERY';
  if (driver === 'sqlite') return 'running the statement; stopped by killing the SQLite worker';
  return 'running the statement';
}

/**
 * The step error of a failed database call. `what` names the call: `the
 * query` (a sql step: a refused write gets the fixture hint), `the fixture`,
 * `the compensating delete`, `undo`.
 */
export function dbErrorText(e: unknown, what: string): string {
  if (!(e instanceof DbError)) return `${what} failed: ${(e as Error)?.message ?? String(e)}`;
  if (e.code === 'read_only' && what === 'the query') return `${e.message}: a sql step runs in a read-only transaction; writes belong in a fixture step`;
  if (e.code === 'query' || e.code === 'read_only') return `${what} failed: ${e.message}`;
  return e.message;
}
