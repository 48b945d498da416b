import { describe, expect, it } from 'vitest';
import { arityError, arityText, checkArgs, describe as describeValue, specArity, wrongType } from './check.js';
import { anyArg, defineBuiltin } from './define.js';
import { list, MString, Pair, sym } from '../values.js';

const pairArg = { noun: 'a pair', test: (v: unknown) => v instanceof Pair };
const car = defineBuiltin({ name: 'car', args: [pairArg], doc: 'first', fn: ([p]) => (p as Pair).car });
const opt = defineBuiltin({ name: 'opt', args: [anyArg, anyArg], optional: 1, doc: 'x', fn: () => 0 });
const rest = defineBuiltin({ name: 'rest', args: [anyArg], rest: pairArg, doc: 'x', fn: () => 0 });

describe('the shared argument check', () => {
  it('words arities', () => {
    expect(arityText(1, 1)).toBe('1 argument');
    expect(arityText(2, 2)).toBe('2 arguments');
    expect(arityText(1, 2)).toBe('1 to 2 arguments');
    expect(arityText(0, Infinity)).toBe('at least 0 arguments');
    expect(specArity(opt)).toEqual({ min: 1, max: 2 });
    expect(specArity(rest)).toEqual({ min: 1, max: Infinity });
  });

  it('reports arity and type errors in one format', () => {
    expect(() => checkArgs(car, 1, 1, [list(1), 2])).toThrow('car: expected 1 argument, got 2');
    expect(() => checkArgs(car, 1, 1, [5])).toThrow('car: expected a pair, got 5');
    expect(() => checkArgs(rest, 1, Infinity, [1, list(1), 'x' as never])).toThrow('rest: expected a pair, got');
    expect(arityError('f', 2, 2, 3).type).toBe('arity_mismatch');
    expect(wrongType('car', 'a pair', new MString('s')).message).toBe('car: expected a pair, got "s"');
    expect(() => checkArgs(car, 1, 1, [list(1)])).not.toThrow();
  });

  it('cuts long values in messages', () => {
    const long = list(...Array.from({ length: 200 }, (_, i) => sym(`element${i}`)));
    const text = describeValue(long);
    expect(text.length).toBeLessThanOrEqual(81);
    expect(text.endsWith('…')).toBe(true);
  });
});
