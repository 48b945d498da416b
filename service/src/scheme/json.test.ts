import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, MAX_JSON_NODES, RawJsonNumber, stringifyJson, toJson } from './json.js';
import {
  Bytevector,
  Char,
  EOF,
  Flonum,
  MString,
  MultipleValues,
  NIL,
  Pair,
  Procedure,
  Ratnum,
  Record,
  RecordType,
  SVector,
  UNSPECIFIED,
  list,
  sym,
  type Value,
} from './values.js';

class Proc extends Procedure {
  readonly name = 'f';
}
const j = (v: Value): string => stringifyJson(toJson(v));

describe('toJson', () => {
  it.each<[string, Value, string]>([
    ['small integer', 42, '42'],
    ['bignum keeps every digit', 2n ** 200n, (2n ** 200n).toString()],
    ['negative bignum', -(10n ** 30n), '-1' + '0'.repeat(30)],
    ['rational as nearest double', new Ratnum(1n, 3n), '0.3333333333333333'],
    ['rational 1/2', new Ratnum(1n, 2n), '0.5'],
    ['huge rational', new Ratnum(10n ** 400n + 1n, 10n ** 399n), '10.0'],
    ['flonum 1.0', new Flonum(1), '1.0'],
    ['flonum 0.1', new Flonum(0.1), '0.1'],
    ['flonum big', new Flonum(1e21), '1e21'],
    ['flonum small', new Flonum(1.5e-7), '1.5e-7'],
    ['+inf.0', new Flonum(Infinity), 'null'],
    ['-inf.0', new Flonum(-Infinity), 'null'],
    ['+nan.0', new Flonum(NaN), 'null'],
    ['string', new MString('a"b'), '"a\\"b"'],
    ['symbol', sym('foo'), '"foo"'],
    ['char', Char.of(0x1f600), '"😀"'],
    ['booleans', list(true, false), '[true,false]'],
    ['empty list', NIL, '[]'],
    ['nested list', list(1, list(2, sym('x')), new SVector([new MString('s')])), '[1,[2,"x"],["s"]]'],
    ['bytevector', new Bytevector(new Uint8Array([0, 255])), '[0,255]'],
    ['improper list', new Pair(1, 2), 'null'],
    ['improper inside', list(1, new Pair(1, 2)), '[1,null]'],
    ['procedure', new Proc(), 'null'],
    ['procedure inside', list(new Proc()), '[null]'],
    ['record', new Record(new RecordType('p', []), []), 'null'],
    ['unspecified', UNSPECIFIED, 'null'],
    ['eof', EOF, 'null'],
    ['values', new MultipleValues([1, sym('a')]), '[1,"a"]'],
  ])('%s', (_name, v, text) => {
    expect(j(v)).toBe(text);
  });

  it('gives null for a cyclic list, a car cycle and a self-containing vector', () => {
    const p = new Pair(1, NIL);
    p.cdr = p;
    expect(toJson(p)).toBeNull();
    expect(toJson(list(1, p))).toBeNull();
    const q = new Pair(1, NIL);
    q.car = list(2, q);
    expect(toJson(q)).toBeNull();
    const v = new SVector([1, 2]);
    v.items[0] = list(v);
    expect(toJson(v)).toBeNull();
  });

  it('copies shared acyclic structure twice', () => {
    const s = list(1);
    expect(j(list(s, s))).toBe('[[1],[1]]');
  });

  it('copies up to MAX_JSON_NODES elements, then gives null', () => {
    let l: Value = NIL;
    for (let i = 0; i < MAX_JSON_NODES; i++) l = new Pair(i, l);
    expect((toJson(l) as unknown[]).length).toBe(MAX_JSON_NODES);
    expect(toJson(new Pair(0, l))).toBeNull();
    expect((toJson(new Pair(0, l), { maxNodes: 2_000_000 }) as unknown[]).length).toBe(MAX_JSON_NODES + 1);
    expect(toJson(new Bytevector(new Uint8Array(MAX_JSON_NODES + 1)))).toBeNull();
  });

  it('gives null past the depth cap, without stack overflow', () => {
    let v: Value = NIL;
    for (let i = 0; i < 100_000; i++) v = list(v);
    expect(toJson(v)).toBeNull();
    let ok: Value = NIL;
    for (let i = 0; i < MAX_JSON_DEPTH - 1; i++) ok = list(ok);
    expect(toJson(ok)).not.toBeNull();
  });

  it('gives null for an exponential DAG instead of expanding it', () => {
    let v: Value = list(1);
    for (let i = 0; i < 60; i++) v = list(v, v);
    expect(toJson(v)).toBeNull();
  });
});

describe('stringifyJson', () => {
  it('matches JSON.stringify on plain data', () => {
    const data = { a: 1, b: [true, null, 'x\n', { c: -0.5 }], d: undefined, e: () => 1, f: [undefined], g: new Date(0), h: {} };
    expect(stringifyJson(data)).toBe(JSON.stringify(data));
    expect(stringifyJson([NaN, Infinity])).toBe('[null,null]');
  });
  it('writes bigint and RawJsonNumber raw', () => {
    expect(stringifyJson({ n: 10n ** 25n, r: new RawJsonNumber('1.0') })).toBe('{"n":10000000000000000000000000,"r":1.0}');
  });
  it('handles 100,000-deep arrays', () => {
    let a: unknown[] = [];
    for (let i = 0; i < 100_000; i++) a = [a];
    expect(stringifyJson(a).length).toBe(200_002);
  });
  it('throws on a cycle like JSON.stringify', () => {
    const o: { self?: unknown } = {};
    o.self = o;
    expect(() => stringifyJson(o)).toThrow(TypeError);
  });
});

describe('rationals near the limits of doubles', () => {
  it('keeps tiny and huge values', () => {
    expect(j(new Ratnum(1n, 10n ** 310n))).toBe('1e-310');
    expect(j(new Ratnum(10n ** 400n, 3n))).toBe('null');
    expect(j(new Ratnum(-1n, 3n))).toBe('-0.3333333333333333');
  });
});
