import { afterEach, describe, expect, it } from 'vitest';
import { Flonum, Ratnum } from '../values.js';
import { add, div, mul } from './arith.js';
import { setMaxIntegerDigits } from './bound.js';
import { exactIntegerSqrt } from './integer.js';
import { parseNumber } from './parse.js';
import { expt } from './real.js';
import { doubleToExact, normalizeBig } from './repr.js';

const tooLarge = expect.objectContaining({ type: 'integer_too_large' });

describe('the integer-size bound', () => {
  afterEach(() => setMaxIntegerDigits(null));

  it('allows exactly N digits and refuses N + 1', () => {
    setMaxIntegerDigits(20);
    const max = 10n ** 20n - 1n;
    expect(normalizeBig(max)).toBe(max);
    expect(normalizeBig(-max)).toBe(-max);
    expect(() => add(max, 1)).toThrow(tooLarge);
    expect(() => add(-max, -1)).toThrow(tooLarge);
    expect(() => mul(10n ** 10n, 10n ** 10n)).toThrow(tooLarge);
    expect(mul(10n ** 10n, 10n ** 10n - 1n)).toBe(10n ** 20n - 10n ** 10n);
  });

  it('applies to numerators and denominators', () => {
    setMaxIntegerDigits(20);
    expect(() => div(1, 10n ** 20n)).toThrow(); // the divisor itself is already too large to make
    expect(() => div(1, mul(10n ** 10n, 10n ** 10n))).toThrow(tooLarge);
    expect(() => expt(new Ratnum(1n, 3n), 50)).toThrow(tooLarge);
    expect(() => parseNumber('1/100000000000000000000')).toThrow(tooLarge);
  });

  it('refuses huge results before computing them', () => {
    setMaxIntegerDigits(1000);
    // Each would take seconds or exhaust memory if attempted; the estimate fails at once.
    expect(() => expt(10, 100_000_000)).toThrow(tooLarge);
    expect(() => expt(2, 10n ** 30n)).toThrow(tooLarge);
    expect(() => expt(new Ratnum(2n, 3n), -100_000_000)).toThrow(tooLarge);
    expect(() => mul(10n ** 999n, 10n ** 999n)).toThrow(tooLarge);
    expect(() => parseNumber('9'.repeat(5000))).toThrow(tooLarge);
    expect(() => parseNumber('#e1e100000000')).toThrow(tooLarge);
    expect(() => parseNumber('#e1e-100000000')).toThrow(tooLarge);
    expect(() => parseNumber('#e1e99999999999999999999')).toThrow(tooLarge);
    expect(() => parseNumber('#xf' + 'f'.repeat(2000))).toThrow(tooLarge);
    expect(() => doubleToExact(1e308)).not.toThrow();
    expect(expt(2, 3000)).toBe(2n ** 3000n);
    expect(String(expt(2, 3321)).length).toBe(1000); // the largest power of two with 1000 digits
    expect(() => expt(2, 3322)).toThrow(tooLarge);
  });

  it('still reads inexact literals of any length, and ignores the bound when unset', () => {
    setMaxIntegerDigits(100);
    expect(parseNumber('#i1' + '0'.repeat(200))).toEqual(new Flonum(1e200));
    expect(parseNumber('1' + '0'.repeat(200) + '.0')).toEqual(new Flonum(1e200));
    setMaxIntegerDigits(null);
    expect(expt(10, 5000)).toBe(10n ** 5000n);
    expect(exactIntegerSqrt(10n ** 5000n)[0]).toBe(10n ** 2500n);
  });

  it('converts even an unbounded impossible size into integer_too_large', () => {
    expect(() => expt(3, 2n ** 60n)).toThrow(tooLarge);
    expect(() => parseNumber('#e1e99999999999999999999')).toThrow(tooLarge);
  });
});
