/**
 * Conformance of the sql step against SQLite (runs anywhere): the database
 * is made by the plan's own reset hook; exact values, `?` params, the
 * read-only refusal with its fixture hint, duplicate columns, a syntax error
 * with its position, a failure block with rows cut at 200 characters, bad
 * URLs, and a timeout that stops the statement.
 */
import type { ConformanceCase } from '../conformance.test-utils.js';

/** A plan whose reset hook creates `db.sqlite` with table `t`, then the given tasks. */
const withDb = (tasks: string) => `lifecycle:
  strategy: reset
  reset:
    - fixture:
        url: "sqlite:db.sqlite"
        sql: |
          create table t (id integer primary key, amount real, big integer, note text, doc json, at timestamp, day date, raw blob);
          insert into t values (1, 12.5, 9007199254740993, 'one', '{"n": 10.10, "list": [1, 2]}', '2024-01-02 03:04:05', '2024-01-02', x'0102');
          insert into t (id, note) values (2, null);
      assert:
        - rowsAffected == 2
tasks:
${tasks}`;

const sql = (name: string, request: string, asserts: string[]) => `  - name: ${name}
    steps:
      - sql: ${request}
        assert:
${asserts.map((a) => `          - ${a}`).join('\n')}
`;

export const cases: ConformanceCase[] = [
  {
    name: 'exact values from SQLite: integers beyond 2^53, reals, JSON decoded, timestamps ISO, blobs base64, NULL nil',
    plan: withDb(sql('values', '{ url: "sqlite:db.sqlite", query: "select * from t where id = ? or id = ? order by id", params: [1, 2] }', [
      'rows count 2',
      'rows[0].big == 9007199254740993',
      'rows[0].amount == 12.5',
      'rows[0].doc.n == 10.10 and rows[0].doc.list[1] == 2',
      'rows[0].at == "2024-01-02T03:04:05"',
      'rows[0].day == "2024-01-02"',
      'rows[0].raw == "AQI="',
      'rows[1].note == nil and rows[1].amount == nil',
      'duration.total < 5s',
    ])),
    exit: 0,
    output: ['fixture: reset hook step 1: sql at sqlite:db.sqlite (commit): 2 written, 2 committed, 0 rolled back', '1 passed 0 failed'],
  },
  {
    name: 'a write is refused by the read-only connection, and the message points at fixture',
    plan: withDb(sql('write', '{ url: "sqlite:db.sqlite", query: "delete from t" }', ['rows count 0'])),
    exit: 1,
    output: ['ERROR write › step 1', 'sql at sqlite:db.sqlite', '> delete from t', 'attempt to write a readonly database: a sql step runs in a read-only transaction; writes belong in a fixture step', '0 passed 0 failed 1 errored'],
  },
  {
    name: 'two columns with the same name leave the step errored, naming the column',
    plan: withDb(sql('dup', '{ url: "sqlite:db.sqlite", query: "select id, note as id from t" }', ['rows count 2'])),
    exit: 1,
    output: ['ERROR dup › step 1', 'the query returns two columns named id: a row is a map, so alias one of them'],
  },
  {
    name: 'a syntax error shows the message and its position in the statement',
    plan: withDb(sql('syntax', '{ url: "sqlite:db.sqlite", query: "select id\\n  fom t" }', ['rows count 2'])),
    exit: 1,
    output: ['ERROR syntax › step 1', '> select id', '>   fom t', 'the query failed: near "t": syntax error (SQLITE_ERROR) at line 2, column 7 of the statement'],
  },
  {
    name: 'the failure block shows the query, the params and the rows cut at 200 characters with their count',
    plan: withDb(sql('many', '{ url: "sqlite:db.sqlite", query: "with recursive n(i) as (select 1 union all select i + 1 from n where i < ?) select i, printf(\'row number %d\', i) as label from n", params: [30] }', ['rows count 3'])),
    exit: 1,
    output: ['FAIL many › step 1 › assert #1', 'params: [30]', 'rows: 30 (', ': [{"i":1,"label":"row number 1"},', '… (cut at 200 of ', 'assert rows count 3 failed', 'count: found 30, want 3'],
  },
  {
    name: 'an unknown scheme and a missing database file are step errors with a clear message',
    plan: withDb(
      sql('scheme', '{ url: "mongodb://u:pw@db/x", query: "select 1" }', ['rows count 1']) +
      sql('nofile', '{ url: "sqlite:missing/none.db", query: "select 1" }', ['rows count 1']),
    ),
    exit: 1,
    output: ['unknown database URL scheme "mongodb:" in mongodb://u@db/x; use postgres://, postgresql://, mysql://, mariadb:// or sqlite:<path>', 'cannot connect to sqlite:missing/none.db: no database file at '],
    absent: ['pw@'],
  },
  {
    name: 'a timeout stops the statement (the SQLite worker is killed) and the step is timed out; later steps read again',
    plan: withDb(
      sql('slow', '{ url: "sqlite:db.sqlite", query: "with recursive r(i) as (select 1 union all select i + 1 from r) select count(*) as n from r", timeout: 300ms }', ['rows count 1']) +
      `  - name: after
    needs: [slow-ok]
    steps:
      - sql: { url: "sqlite:db.sqlite", query: "select count(*) as n from t" }
        assert:
          - rows[0].n == 2
  - name: slow-ok
    steps:
      - sql: { url: "sqlite:db.sqlite", query: "select 1 as one" }
        assert:
          - rows[0].one == 1
`,
    ),
    args: ['--jobs', '1'],
    exit: 1,
    output: ['TIMEOUT slow › step 1', 'deadline hit running the statement; stopped by killing the SQLite worker', 'step deadline 300ms reached', '2 passed 0 failed 0 errored 1 timed out'],
  },
];
