import { describe, expect, it } from 'vitest';
import { displayValue, printValue, writeString, writeValue } from './printer.js';
import { readAll } from './reader/index.js';
import { isEqual } from './builtins/equality.js';
import {
  Bytevector,
  Char,
  EOF,
  ErrorObject,
  Flonum,
  MString,
  MultipleValues,
  NIL,
  Opaque,
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
  constructor(readonly name: string | null) {
    super();
  }
}
class Promise extends Opaque {
  readonly kind = 'promise';
}
class Env extends Opaque {
  readonly kind = 'environment';
  override readonly label = 'interaction';
}

describe('write of atoms', () => {
  it.each<[string, Value, string]>([
    ['small integer', 42, '42'],
    ['negative', -7, '-7'],
    ['bignum', 2n ** 100n, '1267650600228229401496703205376'],
    ['rational', new Ratnum(1n, 3n), '1/3'],
    ['negative rational', new Ratnum(-5n, 2n), '-5/2'],
    ['flonum 1.0', new Flonum(1), '1.0'],
    ['flonum 0.1', new Flonum(0.1), '0.1'],
    ['+inf.0', new Flonum(Infinity), '+inf.0'],
    ['-inf.0', new Flonum(-Infinity), '-inf.0'],
    ['+nan.0', new Flonum(NaN), '+nan.0'],
    ['-0.0', new Flonum(-0), '-0.0'],
    ['true', true, '#t'],
    ['false', false, '#f'],
    ['empty list', NIL, '()'],
    ['plain string', new MString('hi'), '"hi"'],
    ['string escapes', new MString('a"b\\c\nd\te\rf\x07g'), '"a\\"b\\\\c\\nd\\te\\rf\\ag"'],
    ['string control', new MString('\x01\x7f'), '"\\x01;\\x7f;"'],
    ['string unicode raw', new MString('λ😀'), '"λ😀"'],
    ['char a', Char.of(97), '#\\a'],
    ['char space', Char.of(32), '#\\space'],
    ['char newline', Char.of(10), '#\\newline'],
    ['char tab', Char.of(9), '#\\tab'],
    ['char nul', Char.of(0), '#\\null'],
    ['char delete', Char.of(0x7f), '#\\delete'],
    ['char unnamed control', Char.of(0x1f), '#\\x1f'],
    ['char lambda', Char.of(0x3bb), '#\\λ'],
    ['char nbsp', Char.of(0xa0), '#\\xa0'],
    ['char paren', Char.of(40), '#\\('],
    ['symbol', sym('abc'), 'abc'],
    ['symbol case kept', sym('Hello'), 'Hello'],
    ['peculiar +', sym('+'), '+'],
    ['peculiar ...', sym('...'), '...'],
    ['arrow', sym('->x'), '->x'],
    ['empty symbol', sym(''), '||'],
    ['symbol with space', sym('a b'), '|a b|'],
    ['symbol with bar', sym('a|b'), '|a\\|b|'],
    ['numeric symbol', sym('123'), '|123|'],
    ['numeric symbol 2', sym('-1.5'), '|-1.5|'],
    ['inf symbol', sym('+inf.0'), '|+inf.0|'],
    ['dot symbol', sym('.'), '|.|'],
    ['hash symbol', sym('#foo'), '|#foo|'],
    ['symbol with paren', sym('a(b'), '|a(b|'],
    ['symbol newline', sym('a\nb'), '|a\\nb|'],
    ['bytevector', new Bytevector(new Uint8Array([1, 2, 255])), '#u8(1 2 255)'],
    ['empty bytevector', new Bytevector(new Uint8Array([])), '#u8()'],
    ['named procedure', new Proc('car'), '#<procedure car>'],
    ['anonymous procedure', new Proc(null), '#<procedure>'],
    ['eof', EOF, '#<eof>'],
    ['unspecified', UNSPECIFIED, '#<unspecified>'],
    ['opaque', new Promise(), '#<promise>'],
    ['opaque with label', new Env(), '#<environment interaction>'],
    ['record type', new RecordType('<point>', [sym('x'), sym('y')]), '#<record-type point>'],
  ])('%s', (_name, v, text) => {
    expect(writeString(v)).toBe(text);
  });
});

describe('write of compounds', () => {
  it('lists, dotted pairs, vectors', () => {
    expect(writeString(list(1, 2, 3))).toBe('(1 2 3)');
    expect(writeString(new Pair(1, 2))).toBe('(1 . 2)');
    expect(writeString(new Pair(1, new Pair(2, 3)))).toBe('(1 2 . 3)');
    expect(writeString(new SVector([1, new MString('a'), NIL]))).toBe('#(1 "a" ())');
    expect(writeString(new SVector([]))).toBe('#()');
    expect(writeString(list(list(1), new SVector([list()])))).toBe('((1) #(()))');
  });
  it('quote forms print as (quote x)', () => {
    expect(writeString(list(sym('quote'), sym('x')))).toBe('(quote x)');
  });
  it('records and error objects', () => {
    const t = new RecordType('<point>', [sym('x'), sym('y')]);
    expect(writeString(new Record(t, [1, new MString('a')]))).toBe('#<point x: 1 y: "a">');
    expect(writeString(new Record(new RecordType('empty', []), []))).toBe('#<empty>');
    expect(writeString(new ErrorObject('user_error', 'bad thing', [1, sym('a')]))).toBe('#<error "bad thing" 1 a>');
    expect(writeString(new ErrorObject('user_error', 'plain', []))).toBe('#<error "plain">');
  });
  it('several values print separated by a space', () => {
    expect(writeString(new MultipleValues([1, new MString('a')]))).toBe('1 "a"');
  });
});

describe('datum labels', () => {
  it('labels a cyclic list', () => {
    const tail = new Pair(2, NIL);
    const head = new Pair(1, tail);
    tail.cdr = head;
    expect(writeString(head)).toBe('#0=(1 2 . #0#)');
  });
  it('labels a car cycle', () => {
    const p = new Pair(NIL, NIL);
    p.car = p;
    expect(writeString(p)).toBe('#0=(#0#)');
  });
  it('labels a vector containing itself', () => {
    const v = new SVector([1, 2]);
    v.items[1] = v;
    expect(writeString(v)).toBe('#0=#(1 #0#)');
  });
  it('labels a cycle that starts mid-list', () => {
    const c = new Pair(2, NIL);
    c.cdr = c;
    expect(writeString(new Pair(1, c))).toBe('(1 . #0=(2 . #0#))');
  });
  it('numbers several cycles in print order', () => {
    const a = new Pair(1, NIL);
    a.cdr = a;
    const b = new Pair(2, NIL);
    b.cdr = b;
    expect(writeString(list(a, b))).toBe('(#0=(1 . #0#) #1=(2 . #1#))');
  });
  it('prints shared acyclic structure plainly', () => {
    const s = list(1, 2);
    expect(writeString(list(s, s))).toBe('((1 2) (1 2))');
  });
  it('write-shared labels shared structure', () => {
    const s = list(1, 2);
    expect(printValue(list(s, s), 'write-shared').text).toBe('(#0=(1 2) #0#)');
  });
  it('write-simple does not label and stops at maxChars', () => {
    const p = new Pair(1, NIL);
    p.cdr = p;
    const r = printValue(p, 'write-simple', { maxChars: 20 });
    expect(r).toEqual({ text: '(1 1 1 1 1 1 1 1 1 1', truncated: true });
  });
  it('display of a cycle terminates', () => {
    const p = new Pair(new MString('a'), NIL);
    p.cdr = p;
    expect(displayValue(p).text).toBe('#0=(a . #0#)');
  });
});

describe('display', () => {
  it('prints strings, chars and symbols raw', () => {
    expect(displayValue(list(new MString('a "b"'), Char.of(99), sym('a b'), 1)).text).toBe('(a "b" c a b 1)');
  });
});

describe('large and deep values', () => {
  it('prints a list of 1,000,000 elements', () => {
    let l: Value = NIL;
    for (let i = 0; i < 1_000_000; i++) l = new Pair(0, l);
    const text = writeString(l);
    expect(text.length).toBe(2_000_001);
  });
  it('prints 100,000-deep nesting without stack overflow', () => {
    let v: Value = NIL;
    for (let i = 0; i < 100_000; i++) v = new Pair(v, NIL);
    const text = writeString(v);
    expect(text.length).toBe(200_002);
    expect(text.startsWith('((((')).toBe(true);
  });
  it('prints 100,000-deep vectors', () => {
    let v: Value = new SVector([]);
    for (let i = 0; i < 100_000; i++) v = new SVector([v]);
    expect(writeString(v).length).toBe(300_003);
  });
});

describe('truncation', () => {
  it('cuts at maxChars and flags it', () => {
    expect(writeValue(list(1, 2, 3), { maxChars: 4 })).toEqual({ text: '(1 2', truncated: true });
    expect(writeValue(list(1, 2, 3), { maxChars: 7 })).toEqual({ text: '(1 2 3)', truncated: false });
  });
  it('does not escape a whole huge string', () => {
    const r = writeValue(new MString('x'.repeat(10_000_000)), { maxChars: 10 });
    expect(r).toEqual({ text: '"xxxxxxxxx', truncated: true });
  });
  it('does not split a surrogate pair', () => {
    const r = writeValue(new MString('a😀'), { maxChars: 3 });
    expect(r).toEqual({ text: '"a', truncated: true });
  });
  it('stops early on an exponential DAG', () => {
    let v: Value = NIL;
    for (let i = 0; i < 60; i++) v = new Pair(v, v);
    const r = writeValue(v, { maxChars: 1000 });
    expect(r.truncated).toBe(true);
    expect(r.text.length).toBe(1000);
  });
  it('cuts a huge circular list after a partial label search', () => {
    let l: Value = NIL;
    for (let i = 0; i < 100_000; i++) l = new Pair(1, l);
    let last = l as Pair;
    while (last.cdr instanceof Pair) last = last.cdr;
    last.cdr = l;
    expect(writeValue(l, { maxChars: 9 })).toEqual({ text: '(1 1 1 1 ', truncated: true });
    expect(writeValue(l, { maxChars: 1_000_000 }).text.startsWith('#0=(1 1')).toBe(true);
  });
  it('cuts a long bytevector', () => {
    const r = writeValue(new Bytevector(new Uint8Array(1_000_000)), { maxChars: 10 });
    expect(r).toEqual({ text: '#u8(0 0 0 ', truncated: true });
  });
});

describe('write reads back', () => {
  it.each<[string, Value]>([
    ['symbols', list(sym('a b'), sym(''), sym('1+'), sym('+'), sym('-'), sym('...'), sym('->x'), sym('a.b'), sym('|'), sym('+inf.0'), sym('#t'), sym('λ'), sym('a;b'), sym('.5a'))],
    ['strings', list(new MString('a"\\\n\t\r\x07\x01\x7f'), new MString('λ😀'), new MString(''))],
    ['chars', list(Char.of(0), Char.of(7), Char.of(8), Char.of(0x1b), Char.of(0x7f), Char.of(0x1f), Char.of(0xa0), Char.of(0x28), Char.of(0x3bb), Char.of(0x1f600), Char.of(0x20), Char.of(0x5c))],
    ['numbers', list(1, -5, 2n ** 70n, new Ratnum(-1n, 3n), new Flonum(0.1), new Flonum(-0), new Flonum(1e21), new Flonum(Infinity), new Flonum(NaN))],
    ['nested', list(new SVector([list(1, new Pair(2, 3))]), new Bytevector(new Uint8Array([1, 2])), true, false, NIL)],
  ])('%s', (_name, v) => {
    const text = writeString(v);
    const back = readAll(text);
    expect(back).toHaveLength(1);
    expect(writeString(back[0]!)).toBe(text);
    expect(isEqual(back[0]!, v) || _name === 'numbers').toBe(true);
  });
  it('reads a cyclic list back with the same shape', () => {
    const tail = new Pair(2, NIL);
    const head = new Pair(1, tail);
    tail.cdr = head;
    const back = readAll(writeString(head));
    expect(writeString(back[0]!)).toBe('#0=(1 2 . #0#)');
  });
});
