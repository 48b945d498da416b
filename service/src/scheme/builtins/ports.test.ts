import { describe, expect, it } from 'vitest';
import { harnessContext, runData } from './data-harness.js';

const w = (src: string): string => runData(src).text;
const out = (src: string): string => {
  const ctx = harnessContext();
  runData(src, ctx);
  return ctx.stdout;
};

describe('input ports', () => {
  it('reads characters, lines and strings', () => {
    expect(w('(define p (open-input-string "a😀b")) (read-char p) (read-char p)')).toBe('#\\😀');
    expect(w('(define p (open-input-string "ab")) (peek-char p) (read-char p)')).toBe('#\\a');
    expect(w('(define p (open-input-string "")) (read-char p)')).toBe('#<eof>');
    expect(w('(define p (open-input-string "l1\\r\\nl2\\nl3")) (read-line p) (read-line p)')).toBe('"l2"');
    expect(w('(define p (open-input-string "abcdef")) (read-string 2 p) (read-string 10 p)')).toBe('"cdef"');
    expect(w('(read-char)')).toBe('#<eof>');
  });
  it('reads data with the reader', () => {
    expect(w('(define p (open-input-string "(1 \\"x\\") foo")) (read p)')).toBe('(1 "x")');
    expect(w('(define p (open-input-string "(1 2) foo")) (read p) (read p)')).toBe('foo');
    expect(w('(define p (open-input-string "(1 2) ")) (read p) (read p)')).toBe('#<eof>');
  });
  it('reads bytes', () => {
    expect(w('(define p (open-input-bytevector #u8(1 2 3))) (read-u8 p) (peek-u8 p)')).toBe('2');
    expect(w('(define p (open-input-bytevector #u8(1 2 3))) (read-bytevector 2 p)')).toBe('#u8(1 2)');
    expect(w('(define p (open-input-bytevector #u8(1 2 3))) (define b (make-bytevector 4 0)) (read-bytevector! b p 1) b')).toBe('#u8(0 1 2 3)');
    expect(w('(define p (open-input-bytevector #u8())) (read-bytevector! (make-bytevector 2) p)')).toBe('#<eof>');
  });
  it('classifies and closes', () => {
    expect(w('(input-port? (open-input-string ""))')).toBe('#t');
    expect(w('(textual-port? (open-output-bytevector))')).toBe('#f');
    expect(w('(eof-object? (eof-object))')).toBe('#t');
    expect(w('(define p (open-input-string "x")) (close-port p) (input-port-open? p)')).toBe('#f');
    expect(() => runData('(define p (open-input-string "x")) (close-input-port p) (read-char p)')).toThrow(
      'read-char: expected an open textual input port, got #<input-port string> (closed)',
    );
    expect(w('(open-input-string "x")')).toBe('#<input-port string>');
  });
});

describe('output', () => {
  it('writes to stdout', () => {
    expect(out('(display "a\\nb") (write "a\\nb") (newline) (write-char #\\λ) (write-string "xyz" (current-output-port) 1)')).toBe(
      'a\nb"a\\nb"\nλyz',
    );
    expect(out('(display (list 1 "two" #\\3)) (write (list 1 "two" #\\3))')).toBe('(1 two 3)(1 "two" #\\3)');
    expect(out('(write-u8 65) (write-bytevector #u8(66 67))')).toBe('ABC');
    expect(out('(display "e" (current-error-port))')).toBe('e');
  });
  it('collects output in string and bytevector ports', () => {
    expect(w('(define p (open-output-string)) (write (quote (a "b")) p) (display " c" p) (get-output-string p)')).toBe('"(a \\"b\\") c"');
    expect(w('(define p (open-output-bytevector)) (write-u8 1 p) (write-bytevector #u8(2 3) p) (get-output-bytevector p)')).toBe(
      '#u8(1 2 3)',
    );
  });
  it('write-shared labels shared structure; write-simple is cut', () => {
    expect(out('(define s (list 1)) (write-shared (list s s))')).toBe('(#0=(1) #0#)');
  });
});
