import { describe, expect, it } from 'vitest';
import { Flonum, Ratnum } from '../values.js';
import { explainBadNumber, parseNumber } from './parse.js';
import { flonumToString, numberToJson, numberToString } from './print.js';

/** Parse then print: the canonical written form of a literal, or null for a symbol. */
const rt = (text: string, radix?: number): string | null => {
  const n = parseNumber(text, radix);
  return n === null ? null : numberToString(n);
};

describe('parseNumber', () => {
  it('reads integers, keeping small ones as JS numbers and big ones as bigints', () => {
    expect(parseNumber('42')).toBe(42);
    expect(parseNumber('-17')).toBe(-17);
    expect(parseNumber('+5')).toBe(5);
    expect(parseNumber('-0')).toBe(0);
    expect(Object.is(parseNumber('-0'), -0)).toBe(false);
    expect(parseNumber('9007199254740991')).toBe(9007199254740991);
    expect(parseNumber('9007199254740992')).toBe(9007199254740992n);
    expect(parseNumber('-9007199254740991')).toBe(-9007199254740991);
    expect(parseNumber('-9007199254740992')).toBe(-9007199254740992n);
    expect(parseNumber('000000000000000000000012')).toBe(12);
  });

  it('reads rationals in lowest terms', () => {
    expect(parseNumber('1/3')).toEqual(new Ratnum(1n, 3n));
    expect(parseNumber('-6/4')).toEqual(new Ratnum(-3n, 2n));
    expect(parseNumber('6/3')).toBe(2);
    expect(parseNumber('0/5')).toBe(0);
    expect(parseNumber('1/0')).toBeNull();
    expect(parseNumber('#i1/4')).toEqual(new Flonum(0.25));
  });

  it('reads decimals as flonums', () => {
    for (const [t, v] of [['1.5', 1.5], ['.5', 0.5], ['1.', 1], ['-.5', -0.5], ['1e10', 1e10], ['1E3', 1000], ['1.5e-7', 1.5e-7], ['+1e+2', 100], ['-0.0', -0]] as const) {
      const n = parseNumber(t);
      expect(n).toBeInstanceOf(Flonum);
      expect(Object.is((n as Flonum).value, v)).toBe(true);
    }
    expect((parseNumber('1e400') as Flonum).value).toBe(Infinity);
  });

  it('reads infinities and NaN only with a sign', () => {
    expect((parseNumber('+inf.0') as Flonum).value).toBe(Infinity);
    expect((parseNumber('-inf.0') as Flonum).value).toBe(-Infinity);
    expect(Number.isNaN((parseNumber('+nan.0') as Flonum).value)).toBe(true);
    expect(Number.isNaN((parseNumber('-nan.0') as Flonum).value)).toBe(true);
    expect(parseNumber('inf.0')).toBeNull();
    expect(parseNumber('#e+inf.0')).toBeNull();
  });

  it('handles prefixes in either order and any case', () => {
    expect(parseNumber('#xff')).toBe(255);
    expect(parseNumber('#XFF')).toBe(255);
    expect(parseNumber('#b-101')).toBe(-5);
    expect(parseNumber('#o17')).toBe(15);
    expect(parseNumber('#d10')).toBe(10);
    expect(parseNumber('#e#x10')).toBe(16);
    expect(parseNumber('#x#e10')).toBe(16);
    expect(parseNumber('#i#x10')).toEqual(new Flonum(16));
    expect(parseNumber('#x1/a')).toEqual(new Ratnum(1n, 10n));
    expect(parseNumber('#x1e5')).toBe(0x1e5); // e is a hex digit, not an exponent
    expect(parseNumber('#x#x1')).toBeNull();
    expect(parseNumber('#e#i1')).toBeNull();
    expect(parseNumber('#z1')).toBeNull();
    expect(parseNumber('#x1.5')).toBeNull();
    expect(parseNumber('#b102')).toBeNull();
  });

  it('makes exact decimals with #e and inexact integers with #i', () => {
    expect(parseNumber('#e1.2')).toEqual(new Ratnum(6n, 5n));
    expect(parseNumber('#e-1.5e2')).toBe(-150);
    expect(parseNumber('#e1e-3')).toEqual(new Ratnum(1n, 1000n));
    expect(parseNumber('#e0.000')).toBe(0);
    expect(parseNumber('#e1e30')).toBe(10n ** 30n);
    expect(parseNumber('#i5')).toEqual(new Flonum(5));
    expect(parseNumber('#i-1/2')).toEqual(new Flonum(-0.5));
  });

  it('uses the radix argument unless the text has a prefix', () => {
    expect(parseNumber('ff', 16)).toBe(255);
    expect(parseNumber('#d10', 16)).toBe(10);
    expect(parseNumber('zz', 36)).toBe(36 * 36 - 1);
    expect(parseNumber('1.5', 16)).toBeNull();
    expect(parseNumber('12', 2)).toBeNull();
  });

  it('answers null for symbols', () => {
    for (const t of ['', '+', '-', '...', '.', '-x', '1+', '+.', '1/', '/2', '1/2/3', '1e', 'e1', '1.2.3', '--1', '+-1', '1 ', 'abc', '1+2i', '+i', '#t', '#', '1@2', '.e5', '1/2e3'])
      expect(parseNumber(t), t).toBeNull();
  });
});

describe('flonumToString', () => {
  it('prints every class of double in Scheme form, shortest round-trip', () => {
    const cases: [number, string][] = [
      [1, '1.0'], [0.1, '0.1'], [-0.5, '-0.5'], [0, '0.0'], [-0, '-0.0'], [100, '100.0'],
      [1e21, '1e21'], [1e20, '100000000000000000000.0'], [1.5e-7, '1.5e-7'], [1e-7, '1e-7'],
      [123.456, '123.456'], [Infinity, '+inf.0'], [-Infinity, '-inf.0'], [NaN, '+nan.0'],
      [5e-324, '5e-324'], [Number.MAX_VALUE, '1.7976931348623157e308'], [2 ** 53, '9007199254740992.0'],
      [0.1 + 0.2, '0.30000000000000004'], [1 / 3, '0.3333333333333333'], [-1e-300, '-1e-300'],
    ];
    for (const [x, s] of cases) expect(flonumToString(x)).toBe(s);
  });

  it('reads back to the same double', () => {
    const samples = [0.1, 1 / 3, Math.PI, -Math.E, 1e21, 1e-7, 5e-324, 2.2250738585072014e-308, Number.MAX_VALUE, 123456789.125, -0, 2 ** 60, 1.7976931348623157e308];
    for (let i = 0; i < 200; i++) samples.push((Math.random() - 0.5) * 10 ** Math.floor(Math.random() * 600 - 300));
    for (const x of samples) {
      const back = parseNumber(flonumToString(x));
      expect(back).toBeInstanceOf(Flonum);
      expect(Object.is((back as Flonum).value, x), String(x)).toBe(true);
    }
  });
});

describe('numberToString', () => {
  it('prints exact numbers in radices 2..36', () => {
    expect(numberToString(255, 16)).toBe('ff');
    expect(numberToString(-5, 2)).toBe('-101');
    expect(numberToString(8, 8)).toBe('10');
    expect(numberToString(2n ** 64n, 16)).toBe('10000000000000000');
    expect(numberToString(new Ratnum(-1n, 10n), 16)).toBe('-1/a');
    expect(numberToString(35, 36)).toBe('z');
  });

  it('round-trips exact numbers in every radix', () => {
    const values = [0, 1, -1, 123456789, 2n ** 100n + 7n, -(3n ** 77n), new Ratnum(-22n, 7n), new Ratnum(2n ** 70n + 1n, 3n)];
    for (let radix = 2; radix <= 36; radix++) {
      for (const v of values) expect(parseNumber(numberToString(v, radix), radix)).toEqual(v);
    }
  });

  it('refuses an inexact number in a radix other than 10', () => {
    expect(() => numberToString(new Flonum(1.5), 16)).toThrow(/radix 10/);
    expect(numberToString(new Flonum(1.5), 10)).toBe('1.5');
  });

  it('round-trips literals through write', () => {
    for (const t of ['0', '-7', '1/3', '-22/7', '1.5', '-0.0', '+inf.0', '+nan.0', '123456789012345678901234567890'])
      expect(rt(t)).toBe(t);
    expect(rt('#e1.25')).toBe('5/4');
    expect(rt('-nan.0')).toBe('+nan.0');
  });
});

describe('numberToJson', () => {
  it('writes every digit of integers and null for non-finite flonums', () => {
    expect(numberToJson(2n ** 100n)).toBe('1267650600228229401496703205376');
    expect(numberToJson(new Flonum(1))).toBe('1.0');
    expect(numberToJson(new Flonum(1e21))).toBe('1e21');
    expect(numberToJson(new Flonum(NaN))).toBe('null');
    expect(numberToJson(new Flonum(-Infinity))).toBe('null');
    expect(numberToJson(new Ratnum(1n, 4n))).toBe('0.25');
    for (const t of ['1.0', '1e21', '-0.0', '1.5e-7', '0.1']) expect(JSON.parse(t)).toBe(Number(t));
  });
});

describe('explainBadNumber', () => {
  it.each([
    ['#x#x1', 'two radix prefixes (#x and #x)'],
    ['#b#o1', 'two radix prefixes (#b and #o)'],
    ['#e#i1', 'two exactness prefixes (#e and #i)'],
    ['#x#e#i1', 'two exactness prefixes (#e and #i)'],
    ['#e+inf.0', '+inf.0 has no exact value'],
    ['#e-nan.0', '-nan.0 has no exact value'],
    ['#x', 'expected digits after the prefix'],
    ['#e#x', 'expected digits after the prefix'],
    ['#xg', 'in radix 16 (digits 0-9 a-f)'],
    ['#b2', 'in radix 2 (digits 0-1)'],
    ['#e1.2.3', 'expected an integer, n/d or a decimal in radix 10'],
    ['#x#q1', 'unknown prefix #q'],
  ])('explains %j', (text, reason) => {
    expect(parseNumber(text)).toBeNull();
    expect(explainBadNumber(text)).toContain(`bad number ${text}: ${reason}`.slice(0, 12 + text.length));
    expect(explainBadNumber(text)).toContain(reason);
  });

  it('leaves tokens without a number prefix to the caller', () => {
    expect(explainBadNumber('#q')).toBeNull();
    expect(explainBadNumber('abc')).toBeNull();
  });
});
