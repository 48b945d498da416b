/** The pure parts of steps/db: URLs and their password, value mapping per driver, statement positions. Table-driven. */
import { describe, expect, it } from 'vitest';
import { toJsonText } from '../../expr/json-exact.js';
import { DbError } from './types.js';
import { lineColumn, statementError } from './errors.js';
import { mysqlCell } from './mysql-values.js';
import { PG_VALUE_TYPES, parseArray } from './pg-values.js';
import { paramJson, sqliteCell, sqliteParam } from './sqlite-values.js';
import { parseDbUrl, withoutPassword } from './url.js';

describe('database URLs', () => {
  it.each([
    ['postgres://app:pw@db:5432/test', 'postgres', 'postgres://app@db:5432/test'],
    ['postgresql://app@db/test?password=pw&sslmode=disable', 'postgres', 'postgresql://app@db/test?sslmode=disable'],
    ['mysql://root:p@ss@127.0.0.1:3306/test', 'mysql', 'mysql://root@127.0.0.1:3306/test'],
    ['mariadb://root@127.0.0.1/test', 'mysql', 'mariadb://root@127.0.0.1/test'],
    ['sqlite:data/app.db', 'sqlite', 'sqlite:data/app.db'],
  ])('%s', (url, driver, display) => {
    const t = parseDbUrl(url, '/plans');
    expect(t).toMatchObject({ driver, display });
  });

  it('resolves sqlite paths against the plan and rewrites mariadb:// for mysql2', () => {
    expect(parseDbUrl('sqlite:data/app.db', '/plans')).toMatchObject({ file: '/plans/data/app.db' });
    expect(parseDbUrl('sqlite:///abs/x.db', '/plans')).toMatchObject({ file: '/abs/x.db' });
    expect(parseDbUrl('mariadb://root@h/db', '/')).toMatchObject({ connect: 'mysql://root@h/db' });
  });

  it.each([
    ['mongodb://u:pw@h/db', 'unknown database URL scheme "mongodb:" in mongodb://u@h/db; use postgres://, postgresql://, mysql://, mariadb:// or sqlite:<path>'],
    ['just text', 'unknown database URL scheme none in just text; use postgres://, postgresql://, mysql://, mariadb:// or sqlite:<path>'],
    ['sqlite::memory:', 'an in-memory database cannot be shared'],
    ['postgres://h:99999/db', 'postgres://h:99999/db is not a valid URL'],
  ])('%s is refused', (url, message) => {
    expect((parseDbUrl(url, '/') as { error: string }).error).toContain(message);
  });

  it('keeps a template as written while removing a password', () => {
    expect(withoutPassword('postgres://u:x@h/{{ env.db }}')).toBe('postgres://u@h/{{ env.db }}');
  });
});

describe('PostgreSQL values', () => {
  const parse = (oid: number, text: string) => toJsonText(PG_VALUE_TYPES.getTypeParser(oid)(text));
  it.each([
    [1700, '12345678901234567890.0123456789', '12345678901234567890.0123456789'],
    [1700, 'NaN', '"NaN"'],
    [20, '9223372036854775807', '9223372036854775807'],
    [701, '1e+100', '1e+100'],
    [16, 't', 'true'],
    [1082, '2024-02-29', '"2024-02-29"'],
    [1114, '2024-01-02 03:04:05.5', '"2024-01-02T03:04:05.5"'],
    [1184, '2024-01-02 01:04:05+00', '"2024-01-02T01:04:05+00:00"'],
    [1184, '2024-01-02 01:04:05+05:30', '"2024-01-02T01:04:05+05:30"'],
    [1184, 'infinity', '"infinity"'],
    [3802, '{"a": 1.10}', '{"a":1.10}'],
    [17, '\\x00ff', '"AP8="'],
    [1016, '{9007199254740993,NULL,-1}', '[9007199254740993,null,-1]'],
    [1009, '{"a,b",c,"q\\"x"}', '["a,b","c","q\\"x"]'],
    [1007, '{{1,2},{3,4}}', '[[1,2],[3,4]]'],
    [1007, '[0:1]={5,6}', '[5,6]'],
    [2950, 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11', '"a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11"'],
  ])('oid %i %s', (oid, text, json) => expect(parse(oid, text)).toBe(json));

  it('leaves a malformed array as its text', () => expect(toJsonText(parseArray('{1,2', (s) => ({ k: 'str', v: s })))).toBe('"{1,2"'));
});

describe('MySQL and SQLite values', () => {
  it.each([
    [{ name: 'a', columnType: 246 }, '12345678901234567890.0123456789', '12345678901234567890.0123456789'],
    [{ name: 'a', columnType: 8 }, '9223372036854775807', '9223372036854775807'],
    [{ name: 'a', columnType: 12 }, '2024-01-02 03:04:05', '"2024-01-02T03:04:05"'],
    [{ name: 'a', columnType: 252, extendedFormat: 'json' }, '{"a":1.10}', '{"a":1.10}'],
    [{ name: 'a', columnType: 252 }, Buffer.from([0, 255]), '"AP8="'],
    [{ name: 'a', columnType: 16 }, Buffer.from([1, 0]), '256'],
    [{ name: 'a', columnType: 3 }, null, 'null'],
  ])('mysql %o', (field, v, json) => expect(toJsonText(mysqlCell(v, field))).toBe(json));

  it.each([
    [9007199254740993n, 'INTEGER', '9007199254740993'],
    [0.1, 'REAL', '0.1'],
    ['{"a":1.10}', 'json', '{"a":1.10}'],
    ['2024-01-02 03:04:05', 'TIMESTAMP', '"2024-01-02T03:04:05"'],
    ['2024-01-02 03:04:05', 'TEXT', '"2024-01-02 03:04:05"'],
    [new Uint8Array([1, 2]), 'BLOB', '"AQI="'],
    [null, null, 'null'],
  ])('sqlite %s (%s)', (v, declared, json) => expect(toJsonText(sqliteCell(v, declared))).toBe(json));

  it('binds sqlite params exactly', () => {
    expect(sqliteParam({ num: '9223372036854775807' })).toBe(9223372036854775807n);
    expect(sqliteParam({ num: '9223372036854775808' })).toBe('9223372036854775808');
    expect(sqliteParam({ num: '2.5' })).toBe(2.5);
    expect(sqliteParam(false)).toBe(0n);
    expect(paramJson([{ num: '1.10' }, 'a', null, { json: '{"b":2}' }])).toBe('[1.10,"a",null,{"b":2}]');
  });
});

describe('statement errors', () => {
  it('counts lines and columns of a 1-based offset', () => expect(lineColumn('select\n  x from', 10)).toEqual({ line: 2, column: 3 }));

  it.each([
    ['postgres', 'select 1\nfrom t where = 2', { message: 'syntax error at or near "="', code: '42601', position: '23' }, 'query', 'syntax error at or near "=" (SQLSTATE 42601) at line 2, column 14 of the statement'],
    ['postgres', 'delete from t', { message: 'cannot execute DELETE in a read-only transaction', code: '25006' }, 'read_only', 'cannot execute DELETE in a read-only transaction'],
    ['mysql', 'select 1\nfrom t wher x = 1', { message: "You have an error in your SQL syntax; check the manual near 'x = 1' at line 2", code: 'ER_PARSE_ERROR', errno: 1064 }, 'query', '(ER_PARSE_ERROR 1064) at line 2, column 13 of the statement'],
    ['sqlite', 'select id\n  fom t', { message: 'near "t": syntax error', code: 'SQLITE_ERROR' }, 'query', 'near "t": syntax error (SQLITE_ERROR) at line 2, column 7 of the statement'],
    ['sqlite', 'insert into t values (1)', { message: 'attempt to write a readonly database', code: 'SQLITE_READONLY' }, 'read_only', 'attempt to write a readonly database'],
    ['postgres', 'select 1', { message: 'connect ECONNREFUSED 127.0.0.1:1', code: 'ECONNREFUSED' }, 'connect', 'cannot connect to U: connect ECONNREFUSED 127.0.0.1:1'],
  ] as const)('%s: %s', (driver, sql, fault, code, message) => {
    const e = statementError(driver, 'U', sql, fault);
    expect(e).toBeInstanceOf(DbError);
    expect(e.code).toBe(code);
    expect(e.message).toContain(message);
  });
});
