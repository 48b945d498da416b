import { describe, expect, it } from 'vitest';
import { API_LIMITS, evaluate } from '../index.js';

const run = (src: string) => evaluate(src, { ...API_LIMITS, timeoutMs: 10_000 });
const last = (src: string) => run(src).results.at(-1)?.value;

describe('machine', () => {
  it('keeps the JS stack flat for deep Scheme recursion', () => {
    expect(last('(define (d n) (if (= n 0) 0 (+ 1 (d (- n 1))))) (d 200000)')).toBe('200000');
  });

  it('copies argument frames captured by a continuation before reusing them', () => {
    const src = `(define k #f) (define out '())
      (define v (vector 1 (call/cc (lambda (c) (set! k c) 2)) 3))
      (set! out (cons v out))
      (if (< (length out) 3) (k (* 10 (length out))))
      out`;
    expect(last(src)).toBe('(#(1 20 3) #(1 10 3) #(1 2 3))');
  });

  it('honours a builtin redefined where the compiler could not see it (macro-made define)', () => {
    const src = `(define-syntax def (syntax-rules () ((_ n v) (define n v))))
      (define (f x) (car x))
      (def car (lambda (x) 'mine))
      (f '(1 2))`;
    expect(last(src)).toBe('mine');
  });

  it('lets continuations and handlers escape from inside such a redefined builtin', () => {
    const src = `(define-syntax def (syntax-rules () ((_ n v) (define n v))))
      (define (f x) (+ 1 (car x)))
      (def car (lambda (x) (if (eq? x 'escape) (k0 'escaped) (raise 'oops))))
      (define k0 #f)
      (define a (call/cc (lambda (k) (set! k0 k) (f 'escape))))
      (define b (guard (e (#t (list 'caught e))) (f 1)))
      (list a b)`;
    expect(last(src)).toBe('(escaped (caught oops))');
  });

  it('runs dynamic-wind afters when an error escapes to a handler', () => {
    const src = `(define log '())
      (guard (e (#t (set! log (cons 'handled log))))
        (dynamic-wind (lambda () (set! log (cons 'in log))) (lambda () (car 1)) (lambda () (set! log (cons 'out log)))))
      (reverse log)`;
    expect(last(src)).toBe('(in out handled)');
  });

  it('reports the innermost failing expression', () => {
    const o = run('(define (f x)\n  (let ((y (* x 2)))\n    (vector-ref (vector) y)))\n(f 3)');
    expect(o.error).toMatchObject({ type: 'wrong_type', index: 1, line: 3, col: 5 });
  });

  it('turns host stack or size exhaustion into a limit, never a crash', () => {
    const o = run('(define (grow s) (grow (string-append s s))) (grow "ab")');
    expect(o.status).toBe('limit_exceeded');
    expect(o.error?.type).toBe('memory_limit');
  });

  it('counts steps and reports them', () => {
    const o = run('(let loop ((i 0)) (if (< i 1000) (loop (+ i 1)) i))');
    expect(o.steps).toBeGreaterThan(1000);
    expect(o.steps).toBeLessThan(5000);
  });
});
