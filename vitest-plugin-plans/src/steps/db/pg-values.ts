/**
 * PostgreSQL text values → exact assertion values, as pg type parsers: no
 * value passes through a double (NUMERIC, BIGINT and floats from their text),
 * dates and timestamps as ISO 8601 (timestamptz in UTC with `+00:00`; the
 * session runs with TimeZone=UTC), json/jsonb decoded with exact numbers,
 * bytea as base64, arrays of those element by element.
 */
import { parseJsonExact } from '../../expr/json-exact.js';
import { Rational } from '../../expr/rational.js';
import { FALSE, NIL, TRUE, list, num, str, type Value } from '../../expr/values.js';

type Parse = (text: string) => Value;

/** A number from its text, exactly; `NaN` and `Infinity` stay strings. */
export function exactNumber(text: string): Value {
  return Rational.parse(text) ? num(text) : str(text);
}

/** `2024-01-02 03:04:05.5` → `2024-01-02T03:04:05.5`; a trailing `+00` offset becomes `+00:00`. */
export function isoTimestamp(text: string): Value {
  const m = /^(\d{4,}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2}(?:\.\d+)?)([+-]\d{2}(?::?\d{2}(?::?\d{2})?)?)?$/.exec(text);
  if (!m) return str(text); // infinity, BC dates: as the server wrote them
  const off = m[3] === undefined ? '' : m[3].length === 3 ? `${m[3]}:00` : m[3];
  return str(`${m[1]}T${m[2]}${off}`);
}

function json(text: string): Value {
  const r = parseJsonExact(text);
  return r.ok ? r.value : str(text);
}

function bytea(text: string): Value {
  if (text.startsWith('\\x')) return str(Buffer.from(text.slice(2), 'hex').toString('base64'));
  return str(Buffer.from(text, 'latin1').toString('base64'));
}

const text: Parse = (s) => str(s);

const SCALARS = new Map<number, Parse>([
  [16, (s) => (s === 't' ? TRUE : FALSE)],
  [20, exactNumber], [21, exactNumber], [23, exactNumber], [26, exactNumber],
  [700, exactNumber], [701, exactNumber], [1700, exactNumber],
  [1082, text],
  [1114, isoTimestamp], [1184, isoTimestamp],
  [114, json], [3802, json],
  [17, bytea],
]);

/** Array type → element type. */
const ARRAYS = new Map<number, number>([
  [1000, 16], [1005, 21], [1007, 23], [1016, 20], [1028, 26], [1021, 700], [1022, 701], [1231, 1700],
  [1182, 1082], [1115, 1114], [1185, 1184], [199, 114], [3807, 3802], [1001, 17],
]);

/** Arrays whose elements stay strings: text, varchar, char, name, uuid, inet, cidr, time, timetz, interval. */
const TEXT_ARRAYS = new Set([1009, 1015, 1014, 1002, 1003, 2951, 1041, 651, 1183, 1270, 1187]);

/**
 * Parses a PostgreSQL array literal (`{1,NULL,"a b",{2,3}}`, optionally with
 * `[0:1]=` bounds) into a list, each element through `el`. Malformed text
 * stays a string.
 */
export function parseArray(textValue: string, el: Parse): Value {
  const s = textValue;
  let i = s.startsWith('[') ? s.indexOf('=') + 1 : 0;
  const parse = (): Value | undefined => {
    if (s[i] !== '{') return undefined;
    i++;
    const items: Value[] = [];
    if (s[i] === '}') {
      i++;
      return list(items);
    }
    while (i < s.length) {
      if (s[i] === '{') {
        const inner = parse();
        if (!inner) return undefined;
        items.push(inner);
      } else if (s[i] === '"') {
        let out = '';
        i++;
        while (i < s.length && s[i] !== '"') {
          if (s[i] === '\\') i++;
          out += s[i++] ?? '';
        }
        i++;
        items.push(el(out));
      } else {
        let j = i;
        while (j < s.length && s[j] !== ',' && s[j] !== '}') j++;
        const raw = s.slice(i, j);
        i = j;
        items.push(raw === 'NULL' ? NIL : el(raw));
      }
      if (s[i] === ',') i++;
      else if (s[i] === '}') {
        i++;
        return list(items);
      } else return undefined;
    }
    return undefined;
  };
  return (i > 0 || s.startsWith('{') ? parse() : undefined) ?? str(textValue);
}

function parserFor(oid: number): Parse {
  const scalar = SCALARS.get(oid);
  if (scalar) return scalar;
  const el = ARRAYS.get(oid);
  if (el !== undefined) {
    const p = SCALARS.get(el) ?? text;
    return (s) => parseArray(s, p);
  }
  if (TEXT_ARRAYS.has(oid)) return (s) => parseArray(s, text);
  return text;
}

/** The `types` option of a pg pool: every column becomes an exact Value (text format only). */
export const PG_VALUE_TYPES = {
  getTypeParser: (oid: number): Parse => parserFor(oid),
};

/** Types that keep every value as its text (primary keys read back for the compensating deletes). */
export const PG_TEXT_TYPES = {
  getTypeParser: () => (s: string): string => s,
};
