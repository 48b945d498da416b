/**
 * Whether the role behind a sql URL could write (spec §4 "runner plan" rule
 * 2): PostgreSQL superuser, or INSERT/UPDATE/DELETE on any table of a schema
 * it can use; MySQL/MariaDB `SHOW GRANTS` naming ALL, INSERT, UPDATE or
 * DELETE; SQLite a database file this user may write. One connection per
 * check, closed at once; an unreachable database is a warning too.
 */
import { accessSync, constants, existsSync } from 'node:fs';
import { userInfo } from 'node:os';
import { parseDbUrl, withoutPassword, type DbTarget } from './url.js';

/** How long plan waits for a database. */
const PLAN_CONNECT_MS = 5000;

/** Who is connected, and why it can write (null: it cannot). */
interface RoleFinding {
  role: string;
  why: string | null;
}

async function postgresRole(t: DbTarget): Promise<RoleFinding> {
  const pg = (await import('pg')).default;
  const c = new pg.Client({ connectionString: t.connect, connectionTimeoutMillis: PLAN_CONNECT_MS, query_timeout: PLAN_CONNECT_MS * 2 });
  c.on('error', () => undefined);
  try {
    await c.connect();
    const me = (await c.query('SELECT current_user::text AS role, rolsuper AS super FROM pg_roles WHERE rolname = current_user')).rows[0] as { role: string; super: boolean };
    if (me.super) return { role: me.role, why: 'superuser' };
    const w = await c.query(`
      SELECT n.nspname AS schema, c.relname AS "table", p.priv, count(*) OVER () AS n
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      CROSS JOIN (VALUES (1, 'INSERT'), (2, 'UPDATE'), (3, 'DELETE')) AS p(ord, priv)
      WHERE c.relkind IN ('r', 'p') AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_%'
        AND has_schema_privilege(n.oid, 'USAGE') AND has_table_privilege(c.oid, p.priv)
      ORDER BY n.nspname, c.relname, p.ord LIMIT 1`);
    const first = w.rows[0] as { schema: string; table: string; priv: string; n: string } | undefined;
    if (!first) return { role: me.role, why: null };
    const more = Number(first.n) - 1;
    return { role: me.role, why: `${first.priv} on ${first.schema}.${first.table}${more > 0 ? ` and ${more} more` : ''}` };
  } finally {
    await c.end().catch(() => undefined);
  }
}

/** Privileges of one `GRANT … ON … TO …` line, split at top-level commas (column lists hold commas too). */
export function grantPrivileges(line: string): { privileges: string[]; on: string } | null {
  const m = /^GRANT\s+([\s\S]+?)\s+ON\s+([\s\S]+?)\s+TO\s/i.exec(line);
  if (!m) return null;
  const privileges: string[] = [];
  let depth = 0;
  let cur = '';
  for (const ch of m[1]!) {
    if (ch === '(') depth++;
    if (ch === ')') depth--;
    if (ch === ',' && depth === 0) {
      privileges.push(cur.trim());
      cur = '';
    } else cur += ch;
  }
  privileges.push(cur.trim());
  return { privileges, on: m[2]!.trim() };
}

const MYSQL_WRITES = /^(ALL( PRIVILEGES)?|INSERT|UPDATE|DELETE)\b/i;

async function mysqlRole(t: DbTarget): Promise<RoleFinding> {
  const mysql = (await import('mysql2')).default;
  const c = mysql.createConnection({ uri: t.connect, connectTimeout: PLAN_CONNECT_MS } as import('mysql2').ConnectionOptions);
  c.on('error', () => undefined);
  const q = (sql: string) => new Promise<Array<Record<string, unknown>>>((resolve, reject) => c.query(sql, (e, rows) => (e ? reject(e) : resolve(rows as Array<Record<string, unknown>>))));
  try {
    const role = String(Object.values((await q('SELECT CURRENT_USER() AS u'))[0] ?? {})[0] ?? '?');
    for (const row of await q('SHOW GRANTS')) {
      const g = grantPrivileges(String(Object.values(row)[0] ?? ''));
      const w = g?.privileges.find((p) => MYSQL_WRITES.test(p));
      if (g && w) return { role, why: `${w.replace(/\s*\(.*$/, '')} on ${g.on.replace(/`/g, '')}` };
    }
    return { role, why: null };
  } finally {
    c.destroy();
  }
}

function sqliteRole(t: DbTarget): RoleFinding | string {
  let role: string;
  try {
    role = userInfo().username;
  } catch {
    role = `uid ${process.getuid?.() ?? '?'}`;
  }
  const file = t.file!;
  if (!existsSync(file)) return `role not checked: no database file at ${file} yet (a fixture or the reset hook may create it)`;
  try {
    accessSync(file, constants.W_OK);
    return { role, why: `the file ${file} is writable by this user` };
  } catch {
    return { role, why: null };
  }
}

/**
 * The warning for one sql URL (without `warning: `), or undefined when its role cannot write.
 * @example await checkSqlRole('postgres://app@db/test', dir) // 'sql at postgres://app@db/test: role app can write (INSERT on public.orders); …'
 */
export async function checkSqlRole(url: string, planDir: string): Promise<string | undefined> {
  const t = parseDbUrl(url, planDir);
  if ('error' in t) return `sql at ${withoutPassword(url)}: role not checked: ${t.error}`;
  const head = `sql at ${t.display}`;
  try {
    const f = t.driver === 'postgres' ? await postgresRole(t) : t.driver === 'mysql' ? await mysqlRole(t) : sqliteRole(t);
    if (typeof f === 'string') return `${head}: ${f}`;
    if (f.why === null) return undefined;
    return `${head}: role ${f.role} can write (${f.why}); a read-only role keeps sql steps honest`;
  } catch (e) {
    const err = e as { message?: string; errors?: Array<{ message?: string }> };
    const reason = err.message || (err.errors ?? []).map((x) => x.message).join('; ') || String(e);
    return `${head}: role not checked: cannot connect or query (${reason})`;
  }
}
