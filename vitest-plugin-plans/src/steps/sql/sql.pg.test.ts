/**
 * The sql step against a real PostgreSQL (TEST_DATABASE_URL): exact values
 * per type, `$1` params, read-only enforcement, duplicate columns, a syntax
 * error's position, a timeout cancelled on the server, and bad URLs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PG_URL, pgQuery, planDir, runner, uniq } from '../db/db.test-utils.js';

const T = uniq('sqlpg');

const plan = (tasks: string) => `env:\n  db: "${PG_URL}"\ntasks:\n${tasks}`;
const task = (name: string, sqlStep: string, asserts: string[]) =>
  `  - name: ${name}\n    steps:\n      - sql: ${sqlStep}\n        assert:\n${asserts.map((a) => `          - ${JSON.stringify(a)}`).join('\n')}\n`;

async function run(planText: string, args: string[] = []) {
  const p = planDir(planText);
  try {
    return await runner(['run', '--jobs', '1', ...args, p.plan], p.dir);
  } finally {
    p.done();
  }
}

describe.skipIf(!PG_URL)('sql step on PostgreSQL', () => {
  beforeAll(async () => {
    await pgQuery(`CREATE TABLE ${T} (id bigint PRIMARY KEY, amount numeric(40,10), small int, ratio float8, day date, at timestamp, atz timestamptz,
      doc jsonb, raw json, bin bytea, note text, ok boolean, ids int8[], prices numeric[], empty text)`);
    await pgQuery(`INSERT INTO ${T} VALUES (9007199254740993, 12345678901234567890.0123456789, 42, 0.1, '2024-02-29', '2024-01-02 03:04:05.123456',
      '2024-01-02 03:04:05.5+02', '{"n": 10.10, "big": 12345678901234567890}', '{"a": [1, 2.50]}', '\\x00ff10', 'it''s', true,
      '{9007199254740993,-1}', '{1.10,NULL}', NULL)`);
  });
  afterAll(async () => {
    await pgQuery(`DROP TABLE IF EXISTS ${T}`);
  });

  it('reads every type exactly: NUMERIC, BIGINT, dates, timestamptz in UTC, JSON decoded, bytea base64, arrays, NULL', async () => {
    const r = await run(plan(task('values', `{ url: "{{ env.db }}", query: "select * from ${T} where id = $1", params: [9007199254740993] }`, [
      'rows count 1',
      'rows[0].id == 9007199254740993',
      'rows[0].amount == 12345678901234567890.0123456789',
      'rows[0].small == 42 and rows[0].ratio == 0.1',
      'rows[0].day == "2024-02-29"',
      'rows[0].at == "2024-01-02T03:04:05.123456"',
      'rows[0].atz == "2024-01-02T01:04:05.5+00:00"',
      'rows[0].doc.n == 10.10 and rows[0].doc.big == 12345678901234567890',
      'rows[0].raw.a[1] == 2.5',
      'rows[0].bin == "AP8Q"',
      'rows[0].note == "it\'s" and rows[0].ok == true',
      'rows[0].ids[0] == 9007199254740993 and rows[0].ids[1] == -1',
      'rows[0].prices[0] == 1.10 and rows[0].prices[1] == nil',
      'rows[0].empty == nil',
    ])));
    expect(r.stdout).toContain('1 passed 0 failed');
    expect(r.exit).toBe(0);
  });

  it('binds $1 params exactly (a NUMERIC beyond a double matches only the exact value)', async () => {
    const r = await run(plan(
      task('exact', `{ url: "{{ env.db }}", query: "select count(*) as n from ${T} where amount = $1", params: [12345678901234567890.0123456789] }`, ['rows[0].n == 1']) +
      task('near', `{ url: "{{ env.db }}", query: "select count(*) as n from ${T} where amount = $1", params: [12345678901234567890.0123456788] }`, ['rows[0].n == 0']),
    ));
    expect(r.stdout).toContain('2 passed 0 failed');
  });

  it('refuses a write (and DDL) in the read-only transaction, with the fixture hint; nothing changes', async () => {
    const r = await run(plan(
      task('delete', `{ url: "{{ env.db }}", query: "delete from ${T}" }`, ['rows count 0']) +
      task('ddl', `{ url: "{{ env.db }}", query: "create table ${T}_x (a int)" }`, ['rows count 0']),
    ));
    expect(r.exit).toBe(1);
    expect(r.stdout).toContain('cannot execute DELETE in a read-only transaction: a sql step runs in a read-only transaction; writes belong in a fixture step');
    expect(r.stdout).toContain('cannot execute CREATE TABLE in a read-only transaction');
    expect(await pgQuery(`SELECT count(*)::int AS n FROM ${T}`)).toEqual([{ n: 1 }]);
    expect(await pgQuery(`SELECT to_regclass('${T}_x') AS r`)).toEqual([{ r: null }]);
  });

  it('refuses two statements in one query (no way out of the transaction)', async () => {
    const r = await run(plan(task('two', `{ url: "{{ env.db }}", query: "commit; delete from ${T}" }`, ['rows count 0'])));
    expect(r.stdout).toContain('cannot insert multiple commands into a prepared statement');
    expect(await pgQuery(`SELECT count(*)::int AS n FROM ${T}`)).toEqual([{ n: 1 }]);
  });

  it('errors on duplicate column names, naming the column', async () => {
    const r = await run(plan(task('dup', `{ url: "{{ env.db }}", query: "select id, note as id from ${T}" }`, ['rows count 1'])));
    expect(r.stdout).toContain('the query returns two columns named id');
    expect(r.exit).toBe(1);
  });

  it("shows a syntax error with the server's message, SQLSTATE and position", async () => {
    const r = await run(plan(task('syntax', `{ url: "{{ env.db }}", query: "select id\\nfrom ${T}\\nwhere id = = 1" }`, ['rows count 1'])));
    expect(r.stdout).toContain('the query failed: syntax error at or near "=" (SQLSTATE 42601) at line 3, column 12 of the statement');
  });

  it('cancels a timed-out query on the server (pg_cancel_backend): the backend no longer runs it', async () => {
    const marker = uniq('sleep');
    const started = Date.now();
    const r = await run(plan(
      task('slow', `{ url: "{{ env.db }}", query: "select pg_sleep(30) as ${marker}", timeout: 400ms }`, ['rows count 1']) +
      // Runs after the timeout (--jobs 1), through the same pool: the query must be gone from pg_stat_activity.
      task('gone', `{ url: "{{ env.db }}", query: "select count(*) as n from pg_stat_activity where state = 'active' and query like '%pg_sleep(30) as ${marker}%' and pid <> pg_backend_pid()" }`, ['rows[0].n == 0']),
    ));
    expect(r.stdout).toContain('TIMEOUT slow › step 1');
    expect(r.stdout).toContain('deadline hit running the statement; cancelled on the server with pg_cancel_backend');
    expect(r.stdout).toContain('1 passed 0 failed 0 errored 1 timed out');
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('names the address of an unreachable database and never prints the password', async () => {
    const r = await run(plan(task('down', '{ url: "postgres://app:s3cret@127.0.0.1:1/test", query: "select 1" }', ['rows count 1'])));
    expect(r.stdout).toContain('cannot connect to postgres://app@127.0.0.1:1/test: connect ECONNREFUSED 127.0.0.1:1');
    expect(r.stdout).not.toContain('s3cret');
    expect(r.exit).toBe(1);
  });
});
