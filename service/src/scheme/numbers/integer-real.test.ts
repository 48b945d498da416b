import { describe, expect, it } from 'vitest';
import { Flonum, type SchemeNumber } from '../values.js';
import { exactIntegerSqrt, exactIntPow, floorDiv, gcd, iroot, isqrt, lcm, truncateDiv } from './integer.js';
import { parseNumber } from './parse.js';
import { numberToString } from './print.js';
import { expt, log, rationalize, roundTo, sqrt } from './real.js';

const n = (t: string): SchemeNumber => parseNumber(t)!;
const w = (v: SchemeNumber): string => numberToString(v);
const ws = (vs: SchemeNumber[]): string => vs.map(w).join(' ');

describe('floor/ and truncate/', () => {
  it('match the R7RS 6.2.6 table for every sign combination', () => {
    expect(ws(floorDiv(5, 2))).toBe('2 1');
    expect(ws(floorDiv(-5, 2))).toBe('-3 1');
    expect(ws(floorDiv(5, -2))).toBe('-3 -1');
    expect(ws(floorDiv(-5, -2))).toBe('2 -1');
    expect(ws(truncateDiv(5, 2))).toBe('2 1');
    expect(ws(truncateDiv(-5, 2))).toBe('-2 -1');
    expect(ws(truncateDiv(5, -2))).toBe('-2 1');
    expect(ws(truncateDiv(-5, -2))).toBe('2 -1');
    expect(ws(truncateDiv(new Flonum(-5), 2))).toBe('-2.0 -1.0');
    expect(ws(floorDiv(new Flonum(-5), 2))).toBe('-3.0 1.0');
  });

  it('works on bignums in the same way', () => {
    const big = 2n ** 100n;
    expect(ws(floorDiv(-big - 1n, 2))).toBe(`${-(2n ** 99n) - 1n} 1`);
    expect(ws(truncateDiv(-big - 1n, 2))).toBe(`${-(2n ** 99n)} -1`);
    expect(ws(floorDiv(7, big))).toBe('0 7');
    expect(ws(floorDiv(-7, big))).toBe(`-1 ${big - 7n}`);
    expect(ws(floorDiv(big, big))).toBe('1 0');
  });

  it('raises division_by_zero for a zero divisor of either exactness', () => {
    expect(() => floorDiv(1, 0)).toThrow(expect.objectContaining({ type: 'division_by_zero' }));
    expect(() => truncateDiv(1, new Flonum(0), 'quotient')).toThrow(/quotient: division by zero/);
  });
});

describe('gcd, lcm', () => {
  it('are non-negative and follow exactness', () => {
    expect(gcd(32, -36)).toBe(4);
    expect(gcd(0, 0)).toBe(0);
    expect(lcm(32, -36)).toBe(288);
    expect(w(lcm(new Flonum(32), -36))).toBe('288.0');
    expect(lcm(0, 5)).toBe(0);
    expect(gcd(2n ** 100n, 2n ** 80n * 3n)).toBe(2n ** 80n);
  });
});

describe('integer roots', () => {
  it('exact-integer-sqrt is exact on bignums', () => {
    expect(exactIntegerSqrt(4)).toEqual([2, 0]);
    expect(exactIntegerSqrt(5)).toEqual([2, 1]);
    expect(exactIntegerSqrt(0)).toEqual([0, 0]);
    const s = 10n ** 40n + 12345n;
    expect(exactIntegerSqrt(s * s)).toEqual([s, 0]);
    expect(exactIntegerSqrt(s * s + 2n * s)).toEqual([s, 2n * s]);
    expect(exactIntegerSqrt(s * s - 1n)).toEqual([s - 1n, 2n * s - 2n]);
    for (const k of [2n ** 52n - 1n, 2n ** 52n, 2n ** 53n - 1n, 2n ** 106n - 1n]) {
      const r = isqrt(k);
      expect(r * r <= k && (r + 1n) * (r + 1n) > k).toBe(true);
    }
  });

  it('iroot finds floor k-th roots', () => {
    expect(iroot(27n, 3)).toBe(3n);
    expect(iroot(26n, 3)).toBe(2n);
    expect(iroot(3n ** 300n, 100)).toBe(27n);
    expect(iroot(3n ** 300n - 1n, 100)).toBe(26n);
  });
});

describe('expt', () => {
  it('stays exact for exact base and integer exponent', () => {
    expect(expt(2, 10)).toBe(1024);
    expect(expt(2, 100)).toBe(2n ** 100n);
    expect(expt(-3, 3)).toBe(-27);
    expect(w(expt(2, -2))).toBe('1/4');
    expect(w(expt(n('2/3'), 3))).toBe('8/27');
    expect(w(expt(n('-2/3'), -3))).toBe('-27/8');
    expect(expt(0, 0)).toBe(1);
    expect(expt(0, 5)).toBe(0);
    expect(expt(-1, 2n ** 80n + 1n)).toBe(-1);
    expect(() => expt(0, -1)).toThrow(expect.objectContaining({ type: 'division_by_zero' }));
    expect(exactIntPow(3, 33)).toBe(5559060566555523); // safe: a JS number, computed exactly
    expect(exactIntPow(3, 34)).toBe(3n ** 34n);
    expect(exactIntPow(7, 18)).toBe(Number(7n ** 18n));
    expect(exactIntPow(-2, 53)).toBe(-(2n ** 53n));
  });

  it('is exact for exact roots and inexact otherwise', () => {
    expect(expt(4, n('1/2'))).toBe(2);
    expect(w(expt(n('8/27'), n('2/3')))).toBe('4/9');
    expect(w(expt(4, n('-1/2')))).toBe('1/2');
    expect(w(expt(2, n('1/2')))).toBe(String(Math.SQRT2));
    expect(() => expt(-8, n('1/3'))).toThrow(expect.objectContaining({ type: 'arithmetic_error' }));
  });

  it('uses doubles when anything is inexact', () => {
    expect(w(expt(new Flonum(2), 3))).toBe('8.0');
    expect(w(expt(2, new Flonum(0.5)))).toBe(String(Math.SQRT2));
    expect(w(expt(new Flonum(0), 0))).toBe('1.0');
    expect(() => expt(new Flonum(-8), new Flonum(0.5))).toThrow(expect.objectContaining({ type: 'arithmetic_error' }));
    expect(w(expt(new Flonum(NaN), new Flonum(0.5)))).toBe('+nan.0');
  });
});

describe('rounding', () => {
  it('rounds to even and keeps exactness (R7RS examples)', () => {
    expect(w(roundTo(n('-4.3'), 'floor'))).toBe('-5.0');
    expect(w(roundTo(n('-4.3'), 'ceiling'))).toBe('-4.0');
    expect(w(roundTo(n('-4.3'), 'truncate'))).toBe('-4.0');
    expect(w(roundTo(n('-4.3'), 'round'))).toBe('-4.0');
    expect(w(roundTo(n('3.5'), 'floor'))).toBe('3.0');
    expect(w(roundTo(n('3.5'), 'ceiling'))).toBe('4.0');
    expect(w(roundTo(n('3.5'), 'round'))).toBe('4.0');
    expect(w(roundTo(n('2.5'), 'round'))).toBe('2.0');
    expect(w(roundTo(n('-2.5'), 'round'))).toBe('-2.0');
    expect(w(roundTo(n('-0.4'), 'round'))).toBe('-0.0');
    expect(w(roundTo(n('7/2'), 'round'))).toBe('4');
    expect(w(roundTo(n('5/2'), 'round'))).toBe('2');
    expect(w(roundTo(n('-7/2'), 'round'))).toBe('-4');
    expect(w(roundTo(n('-7/3'), 'floor'))).toBe('-3');
    expect(w(roundTo(n('-7/3'), 'ceiling'))).toBe('-2');
    expect(w(roundTo(n('-7/3'), 'truncate'))).toBe('-2');
    expect(w(roundTo(n('7/3'), 'truncate'))).toBe('2');
    expect(w(roundTo(7, 'round'))).toBe('7');
    expect(w(roundTo(n('+inf.0'), 'floor'))).toBe('+inf.0');
  });
});

describe('sqrt and log', () => {
  it('gives exact roots of exact squares', () => {
    expect(sqrt(16)).toBe(4);
    expect(w(sqrt(n('1/4')))).toBe('1/2');
    expect(sqrt(10n ** 40n)).toBe(10n ** 20n);
    expect(w(sqrt(2))).toBe(String(Math.SQRT2));
    expect(w(sqrt(new Flonum(16)))).toBe('4.0');
    expect(w(sqrt(new Flonum(-0)))).toBe('-0.0');
    expect(w(sqrt(10n ** 401n))).toBe('3.1622776601683794e200');
    expect(() => sqrt(-4)).toThrow(expect.objectContaining({ type: 'arithmetic_error' }));
    expect(() => sqrt(new Flonum(-1))).toThrow(/complex/);
  });

  it('logs numbers of any size', () => {
    expect(log(1)).toBe(0);
    expect(log(0)).toBe(-Infinity);
    expect(log(10n ** 400n)).toBeCloseTo(400 * Math.LN10, 9);
    expect(() => log(-1)).toThrow(expect.objectContaining({ type: 'arithmetic_error' }));
  });
});

describe('rationalize', () => {
  it('finds the simplest rational (R7RS examples)', () => {
    expect(w(rationalize(parseNumber('#e.3')!, n('1/10')))).toBe('1/3');
    expect(w(rationalize(n('.3'), n('1/10')))).toBe(String(1 / 3));
    expect(w(rationalize(n('-3/10'), n('1/10')))).toBe('-1/3');
    expect(w(rationalize(n('1/4'), n('1/4')))).toBe('0');
    expect(w(rationalize(n('3/2'), 0))).toBe('3/2');
    expect(w(rationalize(n('22/7'), n('1/1000')))).toBe('22/7');
    expect(w(rationalize(parseNumber('#e3.14159')!, n('1/1000')))).toBe('201/64');
    expect(w(rationalize(n('1.0'), n('+inf.0')))).toBe('0.0');
  });
});

describe('sqrt of rationals', () => {
  it('is correctly rounded in the double range and finite beyond it', () => {
    expect(w(sqrt(n('1/3')))).toBe(String(Math.sqrt(1 / 3)));
    expect(w(sqrt(n('2/9')))).toBe(String(Math.sqrt(2 / 9)));
    const tiny = sqrt(parseNumber(`1/${10n ** 400n * 2n}`)!) as Flonum;
    expect(tiny.value).toBeCloseTo(Math.SQRT1_2 * 1e-200, 210);
  });
});
