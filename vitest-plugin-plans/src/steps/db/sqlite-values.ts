/**
 * SQLite cells → exact assertion values, and placeholder values → what
 * better-sqlite3 binds. SQLite types values, not columns: INTEGER is an exact
 * integer (safeIntegers), REAL the double's shortest decimal, BLOB base64;
 * TEXT in a column declared JSON is decoded, and in a column declared DATE,
 * DATETIME or TIMESTAMP gets the ISO `T`. A DECIMAL or NUMERIC column stores
 * long decimals as REAL (SQLite's affinity): exact decimals need TEXT.
 */
import { parseJsonExact } from '../../expr/json-exact.js';
import { NIL, num, str, type Value } from '../../expr/values.js';
import type { SqliteValue } from './sqlite-protocol.js';
import type { DbParam } from './types.js';

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/** One cell, given its column's declared type (null for an expression). */
export function sqliteCell(v: SqliteValue, declared: string | null): Value {
  if (v === null) return NIL;
  if (typeof v === 'bigint') return num(v);
  if (typeof v === 'number') return Number.isFinite(v) ? num(v) : str(String(v));
  if (v instanceof Uint8Array) return str(Buffer.from(v).toString('base64'));
  const t = declared?.toUpperCase() ?? '';
  if (t.includes('JSON')) {
    const r = parseJsonExact(v);
    return r.ok ? r.value : str(v);
  }
  if (/DATE|TIME/.test(t) && /^\d{4}-\d{2}-\d{2} \d/.test(v)) return str(`${v.slice(0, 10)}T${v.slice(11)}`);
  return str(v);
}

/**
 * A placeholder value for better-sqlite3: integers within 64 bits as bigint
 * (bound as INTEGER), other numbers as REAL, booleans as 1/0, JSON as text;
 * an integer beyond 64 bits is bound as its text (SQLite cannot hold it as an integer).
 */
export function sqliteParam(p: DbParam): SqliteValue {
  if (p === null || typeof p === 'string') return p;
  if (typeof p === 'boolean') return p ? 1n : 0n;
  if (Array.isArray(p)) return paramJson(p);
  if ('json' in p) return p.json;
  if (/^-?\d+$/.test(p.num)) {
    const n = BigInt(p.num);
    return n >= INT64_MIN && n <= INT64_MAX ? n : p.num;
  }
  return Number(p.num);
}

/** JSON text of a placeholder value, numbers exactly as written. */
export function paramJson(p: DbParam): string {
  if (p === null || typeof p !== 'object') return JSON.stringify(p);
  if (Array.isArray(p)) return `[${p.map(paramJson).join(',')}]`;
  return 'num' in p ? p.num : p.json;
}
