/**
 * Library procedures written in Scheme: the common SRFI-1 list operations and `sort`,
 * which programs expect from most Schemes (Guile has them by default). They take procedure
 * arguments, so Scheme is the natural language: tail calls, continuations and limits apply
 * inside them like anywhere else.
 *
 * Compiled and defined once per process, against a private copy of the builtins, so a
 * program that redefines `car` or `reverse` does not change them; the resulting closures
 * are immutable and shared by every evaluation.
 */
import { createGlobals } from '../builtins/index.js';
import { API_LIMITS, Meter } from '../limits.js';
import { Machine } from '../machine/machine.js';
import { current } from '../machine/current.js';
import { readAll } from '../reader/index.js';
import { Pair, sym, type Sym, type Value } from '../values.js';
import { Compiler } from './compiler.js';
import { CORE_SCOPE } from './core-scope.js';
import { Scope } from './scope.js';
import './special-forms.js';
import './derived-forms.js';
import './definitions.js';
import './prelude.js';

const SOURCE = `
(define (call-with-output-string proc)
  (let ((port (open-output-string))) (proc port) (get-output-string port)))
(define (with-output-to-string thunk)
  (let ((port (open-output-string)))
    (parameterize ((current-output-port port)) (thunk))
    (get-output-string port)))
(define (call-with-port port proc)
  (call-with-values (lambda () (proc port))
    (lambda results (close-port port) (apply values results))))
(define (filter pred l)
  (let loop ((l l) (acc '()))
    (cond ((null? l) (reverse acc))
          ((pred (car l)) (loop (cdr l) (cons (car l) acc)))
          (else (loop (cdr l) acc)))))
(define (remove pred l) (filter (lambda (x) (not (pred x))) l))
(define (partition pred l)
  (let loop ((l l) (in '()) (out '()))
    (cond ((null? l) (values (reverse in) (reverse out)))
          ((pred (car l)) (loop (cdr l) (cons (car l) in) out))
          (else (loop (cdr l) in (cons (car l) out))))))
(define (%cars ls) (if (null? ls) '() (if (pair? (car ls)) (cons (caar ls) (%cars (cdr ls))) #f)))
(define (%cdrs ls) (if (null? ls) '() (cons (cdar ls) (%cdrs (cdr ls)))))
(define (fold kons knil l . ls)
  (if (null? ls)
      (let loop ((l l) (acc knil)) (if (pair? l) (loop (cdr l) (kons (car l) acc)) acc))
      (let loop ((ls (cons l ls)) (acc knil))
        (let ((cars (%cars ls)))
          (if (and cars (not (null? cars))) (loop (%cdrs ls) (apply kons (append cars (list acc)))) acc)))))
(define (fold-left f init l . ls)
  (if (null? ls)
      (let loop ((l l) (acc init)) (if (pair? l) (loop (cdr l) (f acc (car l))) acc))
      (let loop ((ls (cons l ls)) (acc init))
        (let ((cars (%cars ls)))
          (if (and cars (not (null? cars))) (loop (%cdrs ls) (apply f acc cars)) acc)))))
(define (fold-right f init l . ls)
  (if (null? ls)
      (let loop ((l (reverse l)) (acc init)) (if (pair? l) (loop (cdr l) (f (car l) acc)) acc))
      (let loop ((rows (reverse (apply map list l ls))) (acc init))
        (if (pair? rows) (loop (cdr rows) (apply f (append (car rows) (list acc)))) acc))))
(define (reduce f ridentity l) (if (null? l) ridentity (fold f (car l) (cdr l))))
;; SRFI 1: (f e1 (f e2 … (f en-1 en))), folded from the right end without deep recursion.
(define (reduce-right f ridentity l)
  (if (null? l) ridentity (let ((r (reverse l))) (fold f (car r) (cdr r)))))
(define (delete x l . maybe=)
  (let ((same? (if (pair? maybe=) (car maybe=) equal?)))
    (filter (lambda (y) (not (same? x y))) l)))
(define (delete-duplicates l . maybe=)
  (let ((same? (if (pair? maybe=) (car maybe=) equal?)))
    (let loop ((l l) (acc '()))
      (cond ((null? l) (reverse acc))
            ((any (lambda (y) (same? y (car l))) acc) (loop (cdr l) acc))
            (else (loop (cdr l) (cons (car l) acc)))))))
(define (iota n . opt)
  (let ((start (if (pair? opt) (car opt) 0))
        (step (if (and (pair? opt) (pair? (cdr opt))) (cadr opt) 1)))
    (let loop ((i (- n 1)) (acc '()))
      (if (< i 0) acc (loop (- i 1) (cons (+ start (* i step)) acc))))))
(define (last-pair l) (if (pair? (cdr l)) (last-pair (cdr l)) l))
(define (last l) (car (last-pair l)))
(define (first l) (car l))
(define (second l) (cadr l))
(define (third l) (caddr l))
(define (find pred l) (let loop ((l l)) (cond ((null? l) #f) ((pred (car l)) (car l)) (else (loop (cdr l))))))
(define (find-tail pred l) (let loop ((l l)) (cond ((null? l) #f) ((pred (car l)) l) (else (loop (cdr l))))))
(define (list-index pred l)
  (let loop ((l l) (i 0)) (cond ((null? l) #f) ((pred (car l)) i) (else (loop (cdr l) (+ i 1))))))
(define (any pred l . ls)
  (if (null? ls)
      (let loop ((l l)) (cond ((null? l) #f) ((null? (cdr l)) (pred (car l))) ((pred (car l)) => (lambda (x) x)) (else (loop (cdr l)))))
      (let loop ((ls (cons l ls)))
        (let ((cars (%cars ls)))
          (if (and cars (not (null? cars))) (or (apply pred cars) (loop (%cdrs ls))) #f)))))
(define (every pred l . ls)
  (if (null? ls)
      (let loop ((l l)) (cond ((null? l) #t) ((null? (cdr l)) (pred (car l))) ((pred (car l)) (loop (cdr l))) (else #f)))
      (let loop ((ls (cons l ls)) (last #t))
        (let ((cars (%cars ls)))
          (if (and cars (not (null? cars))) (let ((r (apply pred cars))) (if r (loop (%cdrs ls) r) #f)) last)))))
(define (count pred l) (let loop ((l l) (n 0)) (if (null? l) n (loop (cdr l) (if (pred (car l)) (+ n 1) n)))))
(define (filter-map f l . ls) (filter (lambda (x) x) (apply map f l ls)))
(define (append-map f l . ls) (apply append (apply map f l ls)))
(define (%merge a b less?)
  (let loop ((a a) (b b) (acc '()))
    (cond ((null? a) (append (reverse acc) b))
          ((null? b) (append (reverse acc) a))
          ((less? (car b) (car a)) (loop a (cdr b) (cons (car b) acc)))
          (else (loop (cdr a) b (cons (car a) acc))))))
(define (%sort-list l less?)
  (let ((n (length l)))
    (if (< n 2) l
        (let loop ((i (quotient n 2)) (front '()) (back l))
          (if (= i 0)
              (%merge (%sort-list (reverse front) less?) (%sort-list back less?) less?)
              (loop (- i 1) (cons (car back) front) (cdr back)))))))
(define (sort seq less?)
  (if (procedure? seq) (sort less? seq)
      (if (vector? seq) (list->vector (%sort-list (vector->list seq) less?)) (%sort-list seq less?))))
(define (list-sort less? l) (if (procedure? l) (%sort-list less? l) (%sort-list l less?)))
(define (vector-sort less? v)
  (if (procedure? v) (vector-sort v less?) (list->vector (%sort-list (vector->list v) less?))))
(define the-empty-stream '())
(define (stream-car s) (car s))
(define (stream-cdr s) (force (cdr s)))
(define (stream-null? s) (null? s))
(define (string-join strings . delim)
  (let ((d (if (pair? delim) (car delim) " ")))
    (if (null? strings) ""
        (let loop ((l (cdr strings)) (acc (list (car strings))))
          (if (null? l) (apply string-append (reverse acc)) (loop (cdr l) (cons (car l) (cons d acc))))))))
`;

/**
 * Drop source positions: an error inside a library procedure must not report a line of this
 * file as if it were the program's; it falls back to the program's form instead.
 */
function unposition(v: Value): void {
  const stack: Value[] = [v];
  while (stack.length > 0) {
    const x = stack.pop()!;
    if (x instanceof Pair) {
      x.line = 0;
      x.col = 0;
      stack.push(x.car, x.cdr);
    }
  }
}

/**
 * Compile and run `source` once, against fresh globals holding the builtins and `base`, and
 * return what it defined that programs may use: every global whose value is new (helpers
 * starting with % are internal). Shared by the library below and the importable libraries.
 */
export function compileLibrary(source: string, base: ReadonlyArray<readonly [Sym, Value]> = []): Map<string, Value> {
  const globals = createGlobals(base);
  const before = new Map([...globals].map(([s, cell]) => [s, cell.value]));
  const compiler = new Compiler(globals, new Set(), new Scope(CORE_SCOPE, null));
  const m = new Machine(new Meter({ ...API_LIMITS, timeoutMs: 60_000 }));
  const saved = current.m;
  current.m = m;
  try {
    for (const form of readAll(source)) {
      unposition(form);
      m.run(compiler.toplevel(form, compiler.globalScope));
    }
  } finally {
    current.m = saved;
  }
  const out = new Map<string, Value>();
  for (const [s, cell] of globals) {
    if (cell.value !== undefined && cell.value !== before.get(s) && !s.name.startsWith('%')) out.set(s.name, cell.value);
  }
  return out;
}

/** The library procedures by name. */
export const LIBRARY: ReadonlyMap<string, Value> = compileLibrary(SOURCE);

/** The same, keyed by symbol, ready for `createGlobals`. */
export const LIBRARY_ENTRIES: ReadonlyArray<readonly [Sym, Value]> = [...LIBRARY].map(([name, v]) => [sym(name), v] as const);
