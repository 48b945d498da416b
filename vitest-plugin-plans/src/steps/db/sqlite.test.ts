/**
 * The SQLite session on its own: read-only connection, exact values and
 * params, a timeout that kills the worker process (checked in /proc), reads
 * waiting behind it sent again, writes and deletes by key.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { toJsonText } from '../../expr/json-exact.js';
import { list } from '../../expr/values.js';
import { planDir } from './db.test-utils.js';
import { openSqlite } from './sqlite.js';
import { DbError, type DbSession } from './types.js';
import { parseDbUrl, type DbTarget } from './url.js';

const never = new AbortController().signal;
const INFINITE = 'with recursive r(i) as (select 1 union all select i + 1 from r) select count(*) from r';

/** Live processes whose command line names `file` (Linux /proc). */
function workersOf(file: string): number[] {
  const out: number[] = [];
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      if (readFileSync(join('/proc', pid, 'cmdline'), 'utf8').split('\0').includes(file)) out.push(Number(pid));
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

const sessions: DbSession[] = [];
const dirs: Array<() => void> = [];
afterEach(async () => {
  for (const s of sessions.splice(0)) await s.close();
  for (const d of dirs.splice(0)) d();
});

function fresh(setup: string): { session: DbSession; target: DbTarget } {
  const p = planDir('');
  dirs.push(p.done);
  const db = new Database(join(p.dir, 'db.sqlite'));
  db.exec(setup);
  db.close();
  const target = parseDbUrl('sqlite:db.sqlite', p.dir) as DbTarget;
  const session = openSqlite(target);
  sessions.push(session);
  return { session, target };
}

describe('SQLite session', () => {
  it('reads exactly and binds params: integers within 64 bits as INTEGER, booleans as 1/0, JSON lists as text', async () => {
    const { session } = fresh("create table t (id integer primary key, doc json); insert into t values (9223372036854775807, '[1,2.50]')");
    const r = await session.read('select id, doc, ? as b, ? as big, ? as j, ? as r from t where id = ?', [true, { num: '99999999999999999999' }, [{ num: '1.10' }], { num: '2.5' }, { num: '9223372036854775807' }], never);
    expect(r.columns).toEqual(['id', 'doc', 'b', 'big', 'j', 'r']);
    expect(r.rows.map((row) => toJsonText(list(row)))).toEqual(['[9223372036854775807,[1,2.50],1,"99999999999999999999","[1.10]",2.5]']);
  });

  it('opens the file read-only: a write is refused as read_only', async () => {
    const { session } = fresh('create table t (a int)');
    await expect(session.read('insert into t values (1)', [], never)).rejects.toMatchObject({ code: 'read_only' });
  });

  it('a timeout kills the worker (SQLite has no interrupt in better-sqlite3 12); a read waiting behind it is sent again', async () => {
    const { session, target } = fresh('create table t (a int); insert into t values (7)');
    await session.read('select 1', [], never);
    const before = workersOf(target.file!);
    expect(before.length).toBe(1);
    const stop = new AbortController();
    setTimeout(() => stop.abort(), 300);
    const slow = session.read(INFINITE, [], stop.signal);
    const waiting = session.read('select a from t', [], never);
    await expect(slow).rejects.toSatisfy((e: unknown) => e instanceof DbError && e.code === 'timeout');
    expect((await waiting).rows.map((r) => toJsonText(list(r)))).toEqual(['[7]']);
    // The killed worker is gone; the one that answered the resent read is new.
    await new Promise((r) => setTimeout(r, 100));
    const after = workersOf(target.file!);
    expect(after.some((p) => before.includes(p))).toBe(false);
  });

  it('inserts with RETURNING keys, commits after beforeCommit, deletes by key in the order given', async () => {
    const { session, target } = fresh('create table t (id integer primary key, note text)');
    const key = await session.primaryKey('t', never);
    expect(key).toEqual({ columns: ['id'], auto: 'id' });
    let seen = -1;
    const w = await session.insertRows('t', [[['note', 'a']], [['id', { num: '10' }], ['note', 'b']]], key, never, (r) => (seen = r.affected));
    expect(seen).toBe(2);
    expect(w.keys).toEqual([[1n], [10n]]);
    const db = new Database(target.file!, { readonly: true });
    expect(db.prepare('select count(*) as n from t').get()).toEqual({ n: 2 });
    expect(await session.deleteByKey('t', ['id'], [[10n], [1n], [99n]], never)).toBe(2);
    expect(db.prepare('select count(*) as n from t').get()).toEqual({ n: 0 });
    db.close();
    expect(await session.primaryKey('missing', never)).toBeNull();
  });

  it('an insert that fails rolls back the rows before it and reports how many were written', async () => {
    const { session, target } = fresh('create table t (id integer primary key)');
    const err = await session.insertRows('t', [[['id', { num: '1' }]], [['id', { num: '1' }]]], null, never, () => undefined).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'query', written: 1 });
    const db = new Database(target.file!, { readonly: true });
    expect(db.prepare('select count(*) as n from t').get()).toEqual({ n: 0 });
    db.close();
  });
});
