import { describe, expect, it } from 'vitest';
import { Char, Flonum, MString, NIL, Pair, Ratnum, SVector, list, type Value } from '../values.js';
import { runData } from './data-harness.js';
import { isEq, isEqual, isEqv } from './equality.js';

const w = (src: string): string => runData(src).text;

describe('eq? and eqv?', () => {
  it('follows R7RS on numbers and characters', () => {
    expect(isEq(Char.of(0x3bb), Char.of(0x3bb))).toBe(true);
    expect(isEqv(2n ** 80n, 2n ** 80n)).toBe(true);
    expect(isEqv(new Flonum(1.5), new Flonum(1.5))).toBe(true);
    expect(isEqv(new Flonum(0), new Flonum(-0))).toBe(false);
    expect(isEqv(new Flonum(NaN), new Flonum(NaN))).toBe(true);
    expect(isEqv(1, new Flonum(1))).toBe(false);
    expect(isEqv(new Ratnum(1n, 2n), new Ratnum(1n, 2n))).toBe(true);
    expect(isEqv(new MString('a'), new MString('a'))).toBe(false);
    expect(w("(eq? (quote a) (quote a))")).toBe('#t');
    expect(w('(eqv? "" "")')).toBe('#f');
  });
});

describe('equal?', () => {
  it('compares structure', () => {
    expect(w('(equal? (list 1 "a" #(2 #u8(3))) (list 1 "a" #(2 #u8(3))))')).toBe('#t');
    expect(w('(equal? (list 1 2) (list 1 3))')).toBe('#f');
    expect(w('(equal? #(1 2) #(1 2 3))')).toBe('#f');
    expect(w('(equal? 2 2.0)')).toBe('#f');
  });
  it('terminates on circular structure', () => {
    const a = new Pair(1, NIL);
    a.cdr = a;
    const b = new Pair(1, new Pair(1, NIL));
    (b.cdr as Pair).cdr = b;
    expect(isEqual(a, b)).toBe(true);
    const c = new Pair(2, NIL);
    c.cdr = c;
    expect(isEqual(a, c)).toBe(false);
    const v = new SVector([1, 0]);
    v.items[1] = v;
    const u = new SVector([1, 0]);
    u.items[1] = u;
    expect(isEqual(v, u)).toBe(true);
  });
  it('handles deep nesting and long lists without stack overflow', () => {
    let x: Value = NIL;
    let y: Value = NIL;
    for (let i = 0; i < 100_000; i++) {
      x = list(x);
      y = list(y);
    }
    expect(isEqual(x, y)).toBe(true);
    let l: Value = NIL;
    let m: Value = NIL;
    for (let i = 0; i < 1_000_000; i++) {
      l = new Pair(i, l);
      m = new Pair(i, m);
    }
    expect(isEqual(l, m)).toBe(true);
  });
});

describe('booleans', () => {
  it('not, boolean?, boolean=?', () => {
    expect(w('(not #f)')).toBe('#t');
    expect(w('(not 0)')).toBe('#f');
    expect(w('(boolean? #f)')).toBe('#t');
    expect(w('(boolean=? #t #t #t)')).toBe('#t');
    expect(w('(boolean=? #t #f)')).toBe('#f');
    expect(() => runData('(boolean=? #t 1)')).toThrow('boolean=?: expected a boolean, got 1');
  });
});
