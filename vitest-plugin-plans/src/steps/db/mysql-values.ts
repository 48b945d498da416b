/**
 * MySQL/MariaDB cells → exact assertion values. The pool asks mysql2 for
 * text wherever a number could lose digits (`bigNumberStrings`,
 * `decimalNumbers: false`), dates as strings (`dateStrings`) and JSON as text
 * (`jsonStrings`); this reads each cell by its column type. MariaDB's JSON is
 * LONGTEXT on the wire, recognised by its extended metadata (`format=json`).
 */
import { parseJsonExact } from '../../expr/json-exact.js';
import { NIL, fromJs, num, str, type Value } from '../../expr/values.js';
import { exactNumber } from './pg-values.js';

/** The column metadata mysql2 hands back (ColumnDefinition). */
export interface MysqlField {
  name: string;
  columnType: number;
  extendedFormat?: string;
}

// mysql2/lib/constants/types.js
const DECIMAL = 0, TINY = 1, SHORT = 2, LONG = 3, FLOAT = 4, DOUBLE = 5, TIMESTAMP = 7, LONGLONG = 8, INT24 = 9;
const DATETIME = 12, YEAR = 13, BIT = 16, JSON_TYPE = 245, NEWDECIMAL = 246;
const INTEGERS = new Set([TINY, SHORT, LONG, INT24, YEAR, LONGLONG]);

/** `2024-01-02 03:04:05.500` → `2024-01-02T03:04:05.500` (DATETIME and TIMESTAMP, no offset). */
function isoDateTime(s: string): Value {
  return str(/^\d{4}-\d{2}-\d{2} \d/.test(s) ? `${s.slice(0, 10)}T${s.slice(11)}` : s);
}

/** One cell, exactly. */
export function mysqlCell(v: unknown, f: MysqlField): Value {
  if (v === null || v === undefined) return NIL;
  const t = f.columnType;
  if (t === JSON_TYPE || f.extendedFormat === 'json') {
    const text = Buffer.isBuffer(v) ? v.toString('utf8') : String(v);
    const r = parseJsonExact(text);
    return r.ok ? r.value : str(text);
  }
  if (INTEGERS.has(t) || t === DECIMAL || t === NEWDECIMAL) return typeof v === 'number' ? num(v) : exactNumber(String(v));
  if (t === FLOAT || t === DOUBLE) return typeof v === 'number' && Number.isFinite(v) ? num(v) : exactNumber(String(v));
  if (t === DATETIME || t === TIMESTAMP) return isoDateTime(String(v));
  if (t === BIT && Buffer.isBuffer(v)) return num(v.length === 0 ? 0n : BigInt(`0x${v.toString('hex')}`));
  if (Buffer.isBuffer(v)) return str(v.toString('base64'));
  if (typeof v === 'string') return str(v);
  return fromJs(v);
}
