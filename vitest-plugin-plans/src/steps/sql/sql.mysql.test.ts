/**
 * The sql step against a real MySQL/MariaDB (TEST_MYSQL_URL): exact values
 * per type, `?` params, read-only enforcement (DDL too, whose implicit commit
 * would otherwise escape the transaction), duplicate columns, a syntax
 * error's position, a timeout stopped on the server with KILL QUERY.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MY_URL, myQuery, planDir, runner, uniq } from '../db/db.test-utils.js';

const T = uniq('sqlmy');

const plan = (tasks: string) => `env:\n  db: "${MY_URL}"\ntasks:\n${tasks}`;
const task = (name: string, sqlStep: string, asserts: string[]) =>
  `  - name: ${name}\n    steps:\n      - sql: ${sqlStep}\n        assert:\n${asserts.map((a) => `          - ${JSON.stringify(a)}`).join('\n')}\n`;

async function run(planText: string) {
  const p = planDir(planText);
  try {
    return await runner(['run', '--jobs', '1', p.plan], p.dir);
  } finally {
    p.done();
  }
}

describe.skipIf(!MY_URL)('sql step on MySQL/MariaDB', () => {
  beforeAll(async () => {
    await myQuery(`CREATE TABLE ${T} (id BIGINT PRIMARY KEY, amount DECIMAL(40,10), small INT, ratio DOUBLE, day DATE, at DATETIME(6), stamp TIMESTAMP(3) NULL,
      doc JSON, bin BLOB, note TEXT, flags BIT(4), empty VARCHAR(10))`);
    await myQuery(`INSERT INTO ${T} VALUES (9007199254740993, 12345678901234567890.0123456789, 42, 0.1, '2024-02-29', '2024-01-02 03:04:05.123456',
      '2024-01-02 03:04:05.5', '{"n": 10.10, "big": 12345678901234567890}', x'00ff10', 'it''s', b'1010', NULL)`);
  });
  afterAll(async () => {
    await myQuery(`DROP TABLE IF EXISTS ${T}, ${T}_x`);
  });

  it('reads every type exactly: DECIMAL, BIGINT, dates, JSON decoded, BLOB base64, BIT, NULL', async () => {
    const r = await run(plan(task('values', `{ url: "{{ env.db }}", query: "select * from ${T} where id = ?", params: [9007199254740993] }`, [
      'rows count 1',
      'rows[0].id == 9007199254740993',
      'rows[0].amount == 12345678901234567890.0123456789',
      'rows[0].small == 42 and rows[0].ratio == 0.1',
      'rows[0].day == "2024-02-29"',
      'rows[0].at == "2024-01-02T03:04:05.123456"',
      'rows[0].stamp == "2024-01-02T03:04:05.500"',
      'rows[0].doc.n == 10.10 and rows[0].doc.big == 12345678901234567890',
      'rows[0].bin == "AP8Q"',
      'rows[0].note == "it\'s"',
      'rows[0].flags == 10',
      'rows[0].empty == nil',
    ])));
    expect(r.stdout).toContain('1 passed 0 failed');
    expect(r.exit).toBe(0);
  });

  it('binds ? params exactly (a DECIMAL beyond a double matches only the exact value)', async () => {
    const r = await run(plan(
      task('exact', `{ url: "{{ env.db }}", query: "select count(*) as n from ${T} where amount = ?", params: [12345678901234567890.0123456789] }`, ['rows[0].n == 1']) +
      task('near', `{ url: "{{ env.db }}", query: "select count(*) as n from ${T} where amount = ?", params: [12345678901234567890.0123456788] }`, ['rows[0].n == 0']) +
      task('list', `{ url: "{{ env.db }}", query: "select count(*) as n from ${T} where small in (?)", params: [[1, 42]] }`, ['rows[0].n == 1']),
    ));
    expect(r.stdout).toContain('3 passed 0 failed');
  });

  it('refuses writes and DDL with the fixture hint; nothing changes', async () => {
    const r = await run(plan(
      task('delete', `{ url: "{{ env.db }}", query: "delete from ${T}" }`, ['rows count 0']) +
      task('ddl', `{ url: "{{ env.db }}", query: "create table ${T}_x (a int)" }`, ['rows count 0']) +
      task('set', `{ url: "{{ env.db }}", query: "set session transaction read write" }`, ['rows count 0']) +
      task('after-set', `{ url: "{{ env.db }}", query: "drop table ${T}" }`, ['rows count 0']),
    ));
    expect(r.stdout).toContain('ERROR delete › step 1');
    expect(r.stdout).toContain('Cannot execute statement in a READ ONLY transaction: a sql step runs in a read-only transaction; writes belong in a fixture step');
    expect(r.stdout).toContain('ERROR ddl › step 1');
    expect(r.stdout).toContain('ERROR after-set › step 1');
    expect(await myQuery(`SELECT count(*) AS n FROM ${T}`)).toEqual([{ n: 1 }]);
    expect(await myQuery(`SELECT count(*) AS n FROM information_schema.TABLES WHERE TABLE_NAME = '${T}_x'`)).toEqual([{ n: 0 }]);
  });

  it('errors on duplicate column names, naming the column', async () => {
    const r = await run(plan(task('dup', `{ url: "{{ env.db }}", query: "select id, note as id from ${T}" }`, ['rows count 1'])));
    expect(r.stdout).toContain('the query returns two columns named id');
  });

  it("shows a syntax error with the server's message, code and position", async () => {
    const r = await run(plan(task('syntax', `{ url: "{{ env.db }}", query: "select id\\nfrom ${T}\\nwhere id = = 1" }`, ['rows count 1'])));
    expect(r.stdout).toMatch(/the query failed: You have an error in your SQL syntax; .* near '= 1' at line 3 \(ER_PARSE_ERROR 1064\) at line 3, column 12 of the statement/);
  });

  it('stops a timed-out query on the server with KILL QUERY', async () => {
    const marker = uniq('sleep');
    const r = await run(plan(
      task('slow', `{ url: "{{ env.db }}", query: "select sleep(30) as ${marker}", timeout: 400ms }`, ['rows count 1']) +
      task('gone', `{ url: "{{ env.db }}", query: "select count(*) as n from information_schema.PROCESSLIST where INFO like '%sleep(30) as ${marker}%' and ID <> connection_id()" }`, ['rows[0].n == 0']),
    ));
    expect(r.stdout).toContain('TIMEOUT slow › step 1');
    expect(r.stdout).toContain('deadline hit running the statement; cancelled on the server with KILL QUERY');
    expect(r.stdout).toContain('1 passed 0 failed 0 errored 1 timed out');
  });

  it('names the address of an unreachable server; mariadb:// is accepted', async () => {
    const r = await run(plan(
      task('down', '{ url: "mariadb://root:s3cret@127.0.0.1:1/test", query: "select 1" }', ['rows count 1']) +
      task('maria', `{ url: "${MY_URL!.replace(/^mysql:/, 'mariadb:')}", query: "select 1 as one" }`, ['rows[0].one == 1']),
    ));
    expect(r.stdout).toContain('cannot connect to mariadb://root@127.0.0.1:1/test: connect ECONNREFUSED 127.0.0.1:1');
    expect(r.stdout).not.toContain('s3cret');
    expect(r.stdout).toContain('1 passed 0 failed 1 errored');
  });
});
