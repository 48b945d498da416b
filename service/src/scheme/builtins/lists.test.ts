import { describe, expect, it } from 'vitest';
import { NIL, Pair, type Value } from '../values.js';
import { runData } from './data-harness.js';
import { LIST_BUILTINS } from './lists.js';
import { isProperList } from './arg-types.js';

const w = (src: string): string => runData(src).text;
const fails = (src: string, message: string | RegExp): void => {
  expect(() => runData(src)).toThrow(message);
};

describe('LIST_BUILTINS', () => {
  it('declares each name once, all 28 c[ad]r compositions included', () => {
    const names = LIST_BUILTINS.map((s) => s.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names.filter((n) => /^c[ad]+r$/.test(n))).toHaveLength(30);
  });
  it('builds and takes apart pairs', () => {
    expect(w('(cons 1 2)')).toBe('(1 . 2)');
    expect(w('(car (quote (1 2)))')).toBe('1');
    expect(w('(cdr (quote (1 2)))')).toBe('(2)');
    expect(w('(cadr (quote (1 2 3)))')).toBe('2');
    expect(w('(cddr (quote (1 2 3)))')).toBe('(3)');
    expect(w('(caddr (quote (1 2 3)))')).toBe('3');
    expect(w('(cadddr (quote (1 2 3 4)))')).toBe('4');
    expect(w('(caar (quote ((1) 2)))')).toBe('1');
  });
  it('reports the failing step of a c[ad]r', () => {
    fails('(car 5)', 'car: expected a pair, got 5');
    fails('(caddr (quote (1 2)))', 'caddr: expected a pair as (cddr x), got ()');
  });
  it('predicates', () => {
    expect(w('(pair? (quote (1)))')).toBe('#t');
    expect(w('(pair? (quote ()))')).toBe('#f');
    expect(w('(null? (quote ()))')).toBe('#t');
    expect(w('(list? (quote (1 2)))')).toBe('#t');
    expect(w('(list? (quote (1 . 2)))')).toBe('#f');
  });
  it('list, make-list, length, append, reverse', () => {
    expect(w('(list 1 2 3)')).toBe('(1 2 3)');
    expect(w('(list)')).toBe('()');
    expect(w('(make-list 3 0)')).toBe('(0 0 0)');
    expect(w('(make-list 2)')).toBe('(#f #f)');
    expect(w('(length (quote (1 2 3)))')).toBe('3');
    expect(w('(append (quote (1 2)) (quote (3)) (quote ()) (quote (4 . 5)))')).toBe('(1 2 3 4 . 5)');
    expect(w('(append)')).toBe('()');
    expect(w('(append (quote (1)) 2)')).toBe('(1 . 2)');
    expect(w('(reverse (quote (1 2 3)))')).toBe('(3 2 1)');
    fails('(append 1 (quote (2)))', 'append: expected a list, got 1');
    fails('(length (quote (1 . 2)))', 'length: expected a list, got (1 . 2)');
  });
  it('list-tail, list-ref, list-set!, list-copy', () => {
    expect(w('(list-tail (quote (1 2 3)) 2)')).toBe('(3)');
    expect(w('(list-tail (quote (1 2 . 3)) 2)')).toBe('3');
    expect(w('(list-ref (quote (a b c)) 1)')).toBe('b');
    fails('(list-ref (quote (a b c)) 3)', 'list-ref: index 3 out of range for a list of length 3');
    fails('(list-tail (quote (1)) 2)', 'list-tail: index 2 out of range for (1)');
    expect(w('(list-copy (quote (1 2 . 3)))')).toBe('(1 2 . 3)');
    expect(w('(list-copy 5)')).toBe('5');
    const l = runData('(list 1 2 3)').value;
    const set = LIST_BUILTINS.find((s) => s.name === 'list-set!')!;
    set.fn([l, 1, 9], { writeStdout: () => {}, charge: () => {} });
    expect(runData('(quote 0)') && (l as Pair).cdr instanceof Pair && ((l as Pair).cdr as Pair).car).toBe(9);
  });
  it('is an error, not a hang, on circular lists', () => {
    const c = new Pair(1, NIL);
    c.cdr = c;
    expect(isProperList(c)).toBe(false);
    const length = LIST_BUILTINS.find((s) => s.name === 'list-copy')!;
    expect(() => length.fn([c], { writeStdout: () => {}, charge: () => {} })).toThrow(/list-copy: expected a list/);
  });
  it('handles a list of a million elements', () => {
    let l: Value = NIL;
    for (let i = 0; i < 1_000_000; i++) l = new Pair(i, l);
    const ctx = { writeStdout: () => {}, charge: () => {} };
    const rev = LIST_BUILTINS.find((s) => s.name === 'reverse')!.fn([l], ctx);
    expect(LIST_BUILTINS.find((s) => s.name === 'length')!.fn([rev], ctx)).toBe(1_000_000);
  });
  it('charges before allocating', () => {
    fails('(make-list 1000000000)', 'memory limit exceeded');
  });
});
