/** Database URLs of the sql and fixture steps: which driver, where, and the form shown in reports (password removed). */
import { isAbsolute, resolve } from 'node:path';

/** The three drivers: `pg`, `mysql2` (MySQL and MariaDB), `better-sqlite3`. */
export type DbDriver = 'postgres' | 'mysql' | 'sqlite';

/** A parsed database URL. */
export interface DbTarget {
  driver: DbDriver;
  /** What the driver connects with (mariadb:// rewritten to mysql://). */
  connect: string;
  /** The URL as reports show it: the password (and any `password=` parameter) removed. */
  display: string;
  /** SQLite: the absolute path of the file. */
  file?: string;
  /** One pool per key per run. */
  key: string;
}

/** The schemes the steps take, for messages. */
export const DB_SCHEMES = 'postgres://, postgresql://, mysql://, mariadb:// or sqlite:<path>';

/**
 * The URL with its password removed, otherwise as written:
 * `postgres://app:pw@db/test` → `postgres://app@db/test`; a `password=` (or
 * `pass=`) parameter goes too. The user part ends at the authority's last `@`,
 * so a password holding `@` is removed whole.
 */
export function withoutPassword(url: string): string {
  const m = /^([a-z][a-z0-9+.-]*:\/\/)([^/?#]*)([\s\S]*)$/i.exec(url);
  if (!m) return url;
  let auth = m[2]!;
  const at = auth.lastIndexOf('@');
  const colon = at < 0 ? -1 : auth.indexOf(':');
  if (colon >= 0 && colon < at) auth = auth.slice(0, colon) + auth.slice(at);
  const rest = m[3]!.replace(/([?&])pass(?:word)?=[^&#]*&?/gi, '$1').replace(/[?&](#|$)/, '$1');
  return m[1]! + auth + rest;
}

/**
 * Parses a rendered database URL; `sqlite:<path>` is relative to the plan's directory.
 * @example parseDbUrl('sqlite:data/app.db', '/plans').file // '/plans/data/app.db'
 */
export function parseDbUrl(text: string, planDir: string): DbTarget | { error: string } {
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(text)?.[1]?.toLowerCase();
  if (scheme === 'sqlite') {
    let path = text.slice('sqlite:'.length);
    // sqlite:///abs/path and sqlite://rel/path are read as sqlite:/abs/path and sqlite:rel/path.
    if (path.startsWith('//')) path = path.slice(2);
    if (path === '' || path === ':memory:') {
      return { error: `${text}: a sqlite url names a file (sqlite:<path relative to the plan>); an in-memory database cannot be shared between the read-only sql connection and the fixture one` };
    }
    const file = isAbsolute(path) ? path : resolve(planDir, path);
    return { driver: 'sqlite', connect: file, display: text, file, key: `sqlite:${file}` };
  }
  if (scheme === 'postgres' || scheme === 'postgresql' || scheme === 'mysql' || scheme === 'mariadb') {
    if (!URL.canParse(text)) return { error: `${withoutPassword(text)} is not a valid URL` };
    const driver: DbDriver = scheme.startsWith('postgres') ? 'postgres' : 'mysql';
    const connect = scheme === 'mariadb' ? `mysql:${text.slice(text.indexOf(':') + 1)}` : text;
    return { driver, connect, display: withoutPassword(text), key: `${driver} ${connect}` };
  }
  if (text.trim() === '') return { error: `the database url is empty; use ${DB_SCHEMES}` };
  const shown = scheme ? `"${scheme}:"` : 'none';
  return { error: `unknown database URL scheme ${shown} in ${withoutPassword(text)}; use ${DB_SCHEMES}` };
}
