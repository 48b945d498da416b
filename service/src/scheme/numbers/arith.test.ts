import { describe, expect, it } from 'vitest';
import { Flonum, Ratnum, type SchemeNumber } from '../values.js';
import { add, compare, div, ge, gt, le, lt, mul, negate, numEq, sub } from './arith.js';
import { parseNumber } from './parse.js';
import { numberToString } from './print.js';
import { doubleToExact, eqvNumbers, normalizeBig, ratToDouble, toDouble } from './repr.js';

const n = (t: string): SchemeNumber => {
  const v = parseNumber(t);
  if (v === null) throw new Error(`not a number: ${t}`);
  return v;
};
const w = (v: SchemeNumber): string => numberToString(v);
const MAX = Number.MAX_SAFE_INTEGER;

describe('normalisation around 2^53', () => {
  it('promotes past the safe range and demotes back', () => {
    expect(add(MAX, 1)).toBe(2n ** 53n);
    expect(sub(-MAX, 1)).toBe(-(2n ** 53n));
    expect(sub(2n ** 53n, 1)).toBe(MAX);
    expect(add(2n ** 53n, -1)).toBe(MAX);
    expect(mul(2 ** 26, 2 ** 27)).toBe(2n ** 53n);
    expect(mul(-(2 ** 26), 2 ** 26)).toBe(-(2 ** 52));
    expect(mul(94906267, 94906267)).toBe(94906267n * 94906267n); // product rounds in doubles
    expect(mul(3037000499, 3037000499)).toBe(9223372030926249001n);
    expect(normalizeBig(5n)).toBe(5);
    expect(normalizeBig(2n ** 53n)).toBe(2n ** 53n);
    expect(div(2n ** 60n, 2n ** 10n)).toBe(2 ** 50);
  });

  it('never makes an exact -0', () => {
    expect(Object.is(mul(0, -5), 0)).toBe(true);
    expect(Object.is(negate(0), 0)).toBe(true);
    expect(Object.is(div(0, -5), 0)).toBe(true);
  });
});

describe('exactness contagion', () => {
  it('keeps exact operands exact and makes any inexact operand win', () => {
    expect(w(add(1, n('1/2')))).toBe('3/2');
    expect(w(add(n('1/2'), n('1/2')))).toBe('1');
    expect(w(add(1, new Flonum(0.5)))).toBe('1.5');
    expect(w(mul(n('1/3'), new Flonum(3)))).toBe('1.0');
    expect(w(sub(2n ** 70n, new Flonum(1)))).toBe('1.1805916207174113e21');
    expect(w(mul(0, new Flonum(1.5)))).toBe('0.0');
  });

  it('divides exactly into rationals', () => {
    expect(w(div(1, 3))).toBe('1/3');
    expect(w(div(6, -4))).toBe('-3/2');
    expect(w(div(n('1/2'), n('1/4')))).toBe('2');
    expect(w(div(2n ** 80n, 3))).toBe('1208925819614629174706176/3');
    expect(div(-MAX, -MAX)).toBe(1);
  });

  it('follows R7RS on division by zero', () => {
    expect(() => div(1, 0)).toThrow(expect.objectContaining({ type: 'division_by_zero' }));
    expect(() => div(n('1/2'), 0)).toThrow(expect.objectContaining({ type: 'division_by_zero' }));
    expect(w(div(new Flonum(1), 0))).toBe('+inf.0');
    expect(w(div(-1, new Flonum(0)))).toBe('-inf.0');
    expect(w(div(0, new Flonum(0)))).toBe('+nan.0');
  });

  it('computes rational sums exactly', () => {
    let s: SchemeNumber = 0;
    for (let k = 1; k <= 10; k++) s = add(s, div(1, k));
    expect(w(s)).toBe('7381/2520');
  });
});

describe('comparison', () => {
  it('compares across representations exactly', () => {
    expect(compare(1, 2n ** 60n)).toBe(-1);
    expect(compare(-(2n ** 60n), 1)).toBe(-1);
    expect(compare(n('1/3'), n('1/2'))).toBe(-1);
    expect(compare(n('1/3'), new Flonum(1 / 3))).toBe(1); // the double is slightly less than 1/3
    expect(numEq(new Flonum(0.5), n('1/2'))).toBe(true);
    expect(numEq(2n ** 60n, new Flonum(2 ** 60))).toBe(true);
    expect(numEq(add(2n ** 60n, 1), new Flonum(2 ** 60))).toBe(false); // doubles would say equal
    expect(lt(2n ** 60n, new Flonum(Infinity))).toBe(true);
    expect(gt(2n ** 60n, new Flonum(-Infinity))).toBe(true);
    expect(numEq(new Flonum(0), new Flonum(-0))).toBe(true);
    expect(numEq(0, new Flonum(-0))).toBe(true);
    expect(lt(new Flonum(1e300), 10n ** 301n)).toBe(true);
  });

  it('is false for NaN in every relation', () => {
    const nan = new Flonum(NaN);
    for (const f of [numEq, lt, le, gt, ge]) {
      expect(f(nan, nan)).toBe(false);
      expect(f(nan, 1)).toBe(false);
      expect(f(2n ** 60n, nan)).toBe(false);
    }
  });
});

describe('exact <-> inexact', () => {
  it('gives the exact value of a double', () => {
    expect(w(doubleToExact(0.5))).toBe('1/2');
    expect(w(doubleToExact(0.1))).toBe('3602879701896397/36028797018963968');
    expect(doubleToExact(-0)).toBe(0);
    expect(doubleToExact(1e20)).toBe(100000000000000000000n);
    expect(w(doubleToExact(5e-324))).toBe(`1/${2n ** 1074n}`);
    expect(() => doubleToExact(Infinity)).toThrow(expect.objectContaining({ type: 'arithmetic_error' }));
    expect(() => doubleToExact(NaN)).toThrow(expect.objectContaining({ type: 'arithmetic_error' }));
  });

  it('rounds big rationals to the nearest double', () => {
    expect(ratToDouble(1n, 3n)).toBe(1 / 3);
    expect(ratToDouble(10n ** 400n, 3n * 10n ** 400n)).toBe(1 / 3);
    expect(ratToDouble(-(10n ** 400n), 10n ** 399n)).toBe(-10);
    expect(ratToDouble(1n, 10n ** 400n)).toBe(0);
    expect(ratToDouble(10n ** 400n, 1n + 10n ** 50n)).toBe(Infinity);
    expect(toDouble(2n ** 1023n * 3n)).toBe(Infinity);
    for (const x of [0.1, 1 / 3, 5e-300, 123.456, 2 ** -1000 * 3]) {
      const e = doubleToExact(x) as Ratnum;
      expect(ratToDouble(e.num * 10n ** 30n, e.den * 10n ** 30n)).toBe(x);
    }
  });
});

describe('eqvNumbers', () => {
  it('distinguishes exactness and the sign of zero', () => {
    expect(eqvNumbers(2, new Flonum(2))).toBe(false);
    expect(eqvNumbers(new Flonum(0), new Flonum(-0))).toBe(false);
    expect(eqvNumbers(new Flonum(NaN), new Flonum(NaN))).toBe(true);
    expect(eqvNumbers(n('1/2'), n('2/4'))).toBe(true);
    expect(eqvNumbers(2n ** 60n, 2n ** 60n)).toBe(true);
  });
});

describe('gcdBig', () => {
  it('agrees with Euclid on large random operands with known common factors', async () => {
    const { gcdBig } = await import('./repr.js');
    const euclid = (a: bigint, b: bigint): bigint => {
      while (b !== 0n) [a, b] = [b, a % b];
      return a < 0n ? -a : a;
    };
    let seed = 12345;
    const rnd = (bits: number): bigint => {
      let v = 1n;
      for (let i = 0; i < bits; i += 16) {
        seed = (seed * 1103515245 + 12345) % 2 ** 31;
        v = (v << 16n) | BigInt(seed & 0xffff);
      }
      return v;
    };
    for (let i = 0; i < 200; i++) {
      const g = rnd((i * 37) % 1500);
      const a = rnd((i * 53) % 3000) * g;
      const b = rnd((i * 71) % 3000) * g;
      expect(gcdBig(a, -b)).toBe(euclid(a, b));
    }
    expect(gcdBig(0n, 2n ** 600n)).toBe(2n ** 600n);
    expect(gcdBig(3n ** 1000n, 2n ** 1000n)).toBe(1n);
  });
});

describe('small/big agreement', () => {
  it('matches bigint arithmetic near the 2^53 boundary, always normalised', () => {
    const edge = [0n, 1n, -1n, 2n, 3n, 2n ** 26n, 2n ** 27n + 1n, 2n ** 52n, 2n ** 53n - 1n, 2n ** 53n, 2n ** 53n + 1n, 2n ** 64n, 94906267n];
    const all = [...edge, ...edge.map((x) => -x)];
    const asScheme = (x: bigint): number | bigint => normalizeBig(x);
    const isNormal = (v: SchemeNumber, x: bigint): boolean =>
      x >= -(2n ** 53n - 1n) && x <= 2n ** 53n - 1n ? v === Number(x) && !Object.is(v, -0) : v === x;
    for (const a of all) {
      for (const b of all) {
        expect(isNormal(add(asScheme(a), asScheme(b)), a + b), `${a}+${b}`).toBe(true);
        expect(isNormal(sub(asScheme(a), asScheme(b)), a - b), `${a}-${b}`).toBe(true);
        expect(isNormal(mul(asScheme(a), asScheme(b)), a * b), `${a}*${b}`).toBe(true);
        expect(compare(asScheme(a), asScheme(b))).toBe(a < b ? -1 : a > b ? 1 : 0);
        if (b !== 0n && a % b === 0n) expect(isNormal(div(asScheme(a), asScheme(b)), a / b)).toBe(true);
      }
    }
  });
});
