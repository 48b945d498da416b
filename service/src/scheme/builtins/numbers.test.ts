import { describe, expect, it } from 'vitest';
import { numberToString, parseNumber } from '../numbers/index.js';
import { MString, MultipleValues, type SchemeNumber, type Value } from '../values.js';
import { checkArgs, specArity } from './check.js';
import type { BuiltinContext } from './define.js';
import { NUMBER_BUILTINS } from './numbers.js';

const ctx: BuiltinContext = { writeStdout: () => {}, charge: () => {} };
const table = new Map(NUMBER_BUILTINS.map((s) => [s.name, s]));

/** Call a builtin the way the machine does: shared check, then fn. */
function call(name: string, ...args: Value[]): Value {
  const spec = table.get(name);
  if (spec === undefined) throw new Error(`no builtin ${name}`);
  const { min, max } = specArity(spec);
  checkArgs(spec, min, max, args);
  return spec.fn(args, ctx);
}

/** Literal arguments, written result: ev('+', '1', '1/2') → "3/2". */
function ev(name: string, ...args: string[]): string {
  return show(call(name, ...args.map((a) => parseNumber(a)!)));
}

function show(v: Value): string {
  if (typeof v === 'boolean') return v ? '#t' : '#f';
  if (v instanceof MultipleValues) return v.values.map(show).join(' ');
  if (v instanceof MString) return JSON.stringify(v.chars);
  return numberToString(v as SchemeNumber);
}

describe('NUMBER_BUILTINS', () => {
  it('declares every R7RS-small numeric procedure once, each with a doc', () => {
    const names = `number? complex? real? rational? integer? exact? inexact? exact-integer? nan? infinite? finite?
      = < > <= >= zero? positive? negative? odd? even? max min + * - / abs quotient remainder modulo
      floor/ floor-quotient floor-remainder truncate/ truncate-quotient truncate-remainder gcd lcm
      numerator denominator floor ceiling truncate round rationalize exp log sin cos tan asin acos atan
      square sqrt exact-integer-sqrt expt exact inexact exact->inexact inexact->exact number->string string->number`.split(/\s+/);
    for (const n of names) expect(table.has(n), n).toBe(true);
    expect(new Set(NUMBER_BUILTINS.map((s) => s.name)).size).toBe(NUMBER_BUILTINS.length);
    for (const s of NUMBER_BUILTINS) expect(s.doc.length).toBeGreaterThan(3);
  });

  it('checks argument types through the shared check', () => {
    expect(() => call('+', 1, new MString('a'))).toThrow(/^\+: expected a number, got "a"$/);
    expect(() => call('<', 1, true)).toThrow(expect.objectContaining({ type: 'wrong_type' }));
    expect(() => call('odd?', parseNumber('1.5')!)).toThrow(/expected an integer/);
    expect(() => call('exact-integer-sqrt', -1)).toThrow(/exact non-negative integer/);
    expect(() => call('number->string', 10, 1)).toThrow(/radix/);
    expect(() => call('-')).toThrow(expect.objectContaining({ type: 'arity_mismatch' }));
  });

  it('runs the R7RS 6.2.6 examples', () => {
    expect(ev('complex?', '3')).toBe('#t');
    expect(ev('real?', '-2.5')).toBe('#t');
    expect(ev('real?', '#e1e10')).toBe('#t');
    expect(ev('rational?', '6/10')).toBe('#t');
    expect(ev('rational?', '6/3')).toBe('#t');
    expect(ev('integer?', '3.0')).toBe('#t');
    expect(ev('integer?', '8/4')).toBe('#t');
    expect(ev('exact?', '3.0')).toBe('#f');
    expect(ev('exact?', '#e3.0')).toBe('#t');
    expect(ev('inexact?', '3.')).toBe('#t');
    expect(ev('exact-integer?', '32')).toBe('#t');
    expect(ev('exact-integer?', '32.0')).toBe('#f');
    expect(ev('exact-integer?', '32/5')).toBe('#f');
    expect(ev('finite?', '3')).toBe('#t');
    expect(ev('finite?', '+inf.0')).toBe('#f');
    expect(ev('infinite?', '-inf.0')).toBe('#t');
    expect(ev('infinite?', '+nan.0')).toBe('#f');
    expect(ev('nan?', '+nan.0')).toBe('#t');
    expect(ev('nan?', '32')).toBe('#f');
    expect(ev('rational?', '+inf.0')).toBe('#f');
    expect(ev('max', '3', '4')).toBe('4');
    expect(ev('max', '3.9', '4')).toBe('4.0');
    expect(ev('+', '3', '4')).toBe('7');
    expect(ev('+', '3')).toBe('3');
    expect(ev('+')).toBe('0');
    expect(ev('*', '4')).toBe('4');
    expect(ev('*')).toBe('1');
    expect(ev('-', '3', '4')).toBe('-1');
    expect(ev('-', '3', '4', '5')).toBe('-6');
    expect(ev('-', '3')).toBe('-3');
    expect(ev('/', '3', '4', '5')).toBe('3/20');
    expect(ev('/', '3')).toBe('1/3');
    expect(ev('abs', '-7')).toBe('7');
    expect(ev('floor/', '5', '2')).toBe('2 1');
    expect(ev('floor/', '-5', '2')).toBe('-3 1');
    expect(ev('floor/', '5', '-2')).toBe('-3 -1');
    expect(ev('floor/', '-5', '-2')).toBe('2 -1');
    expect(ev('truncate/', '5', '2')).toBe('2 1');
    expect(ev('truncate/', '-5', '2')).toBe('-2 -1');
    expect(ev('truncate/', '5', '-2')).toBe('-2 1');
    expect(ev('truncate/', '-5', '-2')).toBe('2 -1');
    expect(ev('truncate/', '-5.0', '2')).toBe('-2.0 -1.0');
    expect(ev('gcd', '32', '-36')).toBe('4');
    expect(ev('gcd')).toBe('0');
    expect(ev('lcm', '32', '-36')).toBe('288');
    expect(ev('lcm', '32.0', '-36')).toBe('288.0');
    expect(ev('lcm')).toBe('1');
    expect(ev('numerator', '6/4')).toBe('3');
    expect(ev('denominator', '6/4')).toBe('2');
    expect(ev('denominator', '#i6/4')).toBe('2.0');
    expect(ev('floor', '-4.3')).toBe('-5.0');
    expect(ev('ceiling', '-4.3')).toBe('-4.0');
    expect(ev('truncate', '-4.3')).toBe('-4.0');
    expect(ev('round', '-4.3')).toBe('-4.0');
    expect(ev('floor', '3.5')).toBe('3.0');
    expect(ev('ceiling', '3.5')).toBe('4.0');
    expect(ev('truncate', '3.5')).toBe('3.0');
    expect(ev('round', '3.5')).toBe('4.0');
    expect(ev('round', '7/2')).toBe('4');
    expect(ev('round', '7')).toBe('7');
    expect(ev('rationalize', '#e.3', '1/10')).toBe('1/3');
    expect(ev('rationalize', '.3', '1/10')).toBe(String(1 / 3));
    expect(ev('square', '42')).toBe('1764');
    expect(ev('square', '2.0')).toBe('4.0');
    expect(ev('sqrt', '9')).toBe('3');
    expect(ev('sqrt', '2')).toBe(String(Math.SQRT2));
    expect(ev('exact-integer-sqrt', '4')).toBe('2 0');
    expect(ev('exact-integer-sqrt', '5')).toBe('2 1');
    expect(show(call('string->number', new MString('100')))).toBe('100');
    expect(show(call('string->number', new MString('100'), 16))).toBe('256');
    expect(show(call('string->number', new MString('1e2')))).toBe('100.0');
    expect(show(call('string->number', new MString('#x')))).toBe('#f');
    expect(show(call('number->string', 255, 16))).toBe('"ff"');
    expect(ev('exact', '2.5')).toBe('5/2');
    expect(ev('inexact', '1/3')).toBe(String(1 / 3));
  });

  it('compares n-ary, with NaN false and exactness contagion in max/min', () => {
    expect(ev('<', '1', '2', '3')).toBe('#t');
    expect(ev('<', '1', '3', '2')).toBe('#f');
    expect(ev('=', '1', '1.0', '2/2')).toBe('#t');
    expect(ev('>=', '3', '3', '2')).toBe('#t');
    expect(ev('<=', '1')).toBe('#t');
    expect(ev('=', '+nan.0', '+nan.0')).toBe('#f');
    expect(ev('min', '1', '2.0')).toBe('1.0');
    expect(ev('max', '1', '+nan.0', '3')).toBe('+nan.0');
    expect(ev('max', '1/2', '1/3')).toBe('1/2');
  });

  it('handles the division family, parity and signs', () => {
    expect(ev('quotient', '17', '-5')).toBe('-3');
    expect(ev('remainder', '17', '-5')).toBe('2');
    expect(ev('modulo', '17', '-5')).toBe('-3');
    expect(ev('modulo', '-7', '2')).toBe('1');
    expect(ev('remainder', '-7', '2')).toBe('-1');
    expect(ev('modulo', '13', '4.0')).toBe('1.0');
    expect(ev('floor-quotient', '-7', '2')).toBe('-4');
    expect(ev('truncate-remainder', '-7', '2')).toBe('-1');
    expect(ev('odd?', '-3')).toBe('#t');
    expect(ev('even?', '0')).toBe('#t');
    expect(ev('even?', '100000000000000000000000')).toBe('#t');
    expect(ev('odd?', '3.0')).toBe('#t');
    expect(ev('positive?', '-0.0')).toBe('#f');
    expect(ev('negative?', '-1/2')).toBe('#t');
    expect(ev('zero?', '-0.0')).toBe('#t');
    expect(() => call('quotient', 1, 0)).toThrow(expect.objectContaining({ type: 'division_by_zero', message: 'quotient: division by zero' }));
    expect(() => call('/', 1, 0)).toThrow(expect.objectContaining({ type: 'division_by_zero' }));
    expect(ev('/', '1.0', '0')).toBe('+inf.0');
  });

  it('answers transcendental functions inexactly and refuses complex results', () => {
    expect(ev('exp', '0')).toBe('1.0');
    expect(ev('log', '1')).toBe('0.0');
    expect(ev('log', '8', '2')).toBe('3.0');
    expect(ev('log', '100', '10')).toBe('2.0');
    expect(ev('log', '0')).toBe('-inf.0');
    expect(ev('atan', '1', '1')).toBe(String(Math.PI / 4));
    expect(ev('sin', '0')).toBe('0.0');
    expect(ev('acos', '1')).toBe('0.0');
    expect(() => call('asin', 2)).toThrow(expect.objectContaining({ type: 'arithmetic_error' }));
    expect(() => call('log', -1)).toThrow(expect.objectContaining({ type: 'arithmetic_error' }));
    expect(() => call('sqrt', -4)).toThrow(expect.objectContaining({ type: 'arithmetic_error' }));
    expect(() => call('exact', parseNumber('+inf.0')!)).toThrow(expect.objectContaining({ type: 'arithmetic_error' }));
    expect(ev('expt', '2', '10')).toBe('1024');
    expect(ev('expt', '2.0', '3')).toBe('8.0');
    expect(ev('expt', '4', '1/2')).toBe('2');
    expect(ev('expt', '0', '0')).toBe('1');
    expect(ev('expt', '1/2', '-2')).toBe('4');
  });
});
