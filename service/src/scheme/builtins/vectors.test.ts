import { describe, expect, it } from 'vitest';
import { harnessContext, runData } from './data-harness.js';

const w = (src: string): string => runData(src).text;
const fails = (src: string, message: string | RegExp): void => {
  expect(() => runData(src)).toThrow(message);
};

describe('vectors', () => {
  it('builds, reads and measures', () => {
    expect(w('(make-vector 2 (quote x))')).toBe('#(x x)');
    expect(w('(make-vector 2)')).toBe('#(#f #f)');
    expect(w('(vector 1 "a")')).toBe('#(1 "a")');
    expect(w('(vector-length #(1 2 3))')).toBe('3');
    expect(w('(vector-ref #(1 2 3) 2)')).toBe('3');
    fails('(vector-ref #(1 2 3) 5)', 'vector-ref: index 5 out of range for a vector of length 3');
    fails('(vector-ref #(1 2 3) 100000000000000000000000)', 'vector-ref: index 100000000000000000000000 out of range for a vector of length 3');
    fails('(vector-ref (quote (1)) 0)', 'vector-ref: expected a vector, got (1)');
  });
  it('mutates fresh vectors and refuses literals', () => {
    expect(w('(define v (make-vector 3 0)) (vector-set! v 1 9) v')).toBe('#(0 9 0)');
    fails('(vector-set! #(1 2) 0 9)', 'vector-set!: cannot modify a literal vector; copy it first (e.g. with vector-copy)');
    expect(w('(define v (vector 1 2 3 4)) (vector-fill! v 0 2) v')).toBe('#(1 2 0 0)');
    expect(w('(define v (vector 1 2 3 4 5)) (vector-copy! v 1 v 0 3) v')).toBe('#(1 1 2 3 5)');
    fails('(vector-copy! (vector 1) 0 #(1 2))', 'vector-copy!: cannot copy 2 elements to index 0 of a vector of length 1');
  });
  it('converts and copies', () => {
    expect(w('(vector->list #(1 2 3) 1)')).toBe('(2 3)');
    expect(w('(list->vector (list 1 2))')).toBe('#(1 2)');
    expect(w('(vector-copy #(1 2 3) 1 2)')).toBe('#(2)');
    expect(w('(vector-append #(1) #() #(2 3))')).toBe('#(1 2 3)');
  });
  it('charges before allocating', () => {
    fails('(make-vector 1000000000)', 'memory limit exceeded');
    const ctx = harnessContext();
    runData('(make-vector 1000)', ctx);
    expect(ctx.charged).toBe(8000);
  });
});

describe('bytevectors', () => {
  it('builds, reads, writes', () => {
    expect(w('(make-bytevector 2 7)')).toBe('#u8(7 7)');
    expect(w('(bytevector 1 2 255)')).toBe('#u8(1 2 255)');
    fails('(bytevector 256)', 'bytevector: expected a byte (an exact integer from 0 to 255), got 256');
    expect(w('(bytevector-u8-ref #u8(1 2 3) 1)')).toBe('2');
    expect(w('(define b (bytevector 1 2 3)) (bytevector-u8-set! b 0 9) b')).toBe('#u8(9 2 3)');
    fails('(bytevector-u8-set! #u8(1) 0 2)', /cannot modify a literal bytevector/);
    expect(w('(bytevector-length #u8(1 2))')).toBe('2');
  });
  it('copies and appends', () => {
    expect(w('(bytevector-copy #u8(1 2 3) 1)')).toBe('#u8(2 3)');
    expect(w('(define b (bytevector 1 2 3 4 5)) (bytevector-copy! b 1 b 0 3) b')).toBe('#u8(1 1 2 3 5)');
    expect(w('(bytevector-append #u8(1) #u8() #u8(2))')).toBe('#u8(1 2)');
  });
  it('converts UTF-8', () => {
    expect(w('(string->utf8 "λ")')).toBe('#u8(206 187)');
    expect(w('(utf8->string #u8(206 187 65))')).toBe('"λA"');
    expect(w('(utf8->string #u8(65 66 67) 1 2)')).toBe('"B"');
    expect(w('(string->utf8 "a😀b" 1 2)')).toBe('#u8(240 159 152 128)');
  });
});
