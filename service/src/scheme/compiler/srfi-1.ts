/**
 * SRFI 1 (List Library), importable as `(srfi 1)` or `(scheme list)` (R7RS-large). Written in
 * Scheme because most of it takes procedure arguments: calls back into the program go through
 * the explicit-continuation machine, so call/cc, step counting and deadlines work inside them,
 * which a JavaScript builtin calling Scheme would break.
 *
 * Only what the always-present library (library.ts) and the builtins lack is defined here;
 * the export table names the rest. The linear-update (`!`) variants are the pure procedures:
 * SRFI 1 allows that ("allowed, but not required, to alter").
 */
import { BUILTINS } from '../builtins/index.js';
import type { Value } from '../values.js';
import { LIBRARY, LIBRARY_ENTRIES, compileLibrary } from './library.js';

const SOURCE = `
(define (xcons d a) (cons a d))
(define (append-reverse rev tail)
  (if (pair? rev) (append-reverse (cdr rev) (cons (car rev) tail)) tail))
(define (cons* x . rest)
  (let loop ((l (cons x rest)) (acc '()))
    (if (pair? (cdr l)) (loop (cdr l) (cons (car l) acc)) (append-reverse acc (car l)))))
(define (list-tabulate n init)
  (let loop ((i (- n 1)) (acc '())) (if (< i 0) acc (loop (- i 1) (cons (init i) acc)))))
(define (circular-list x . rest) (let ((l (cons x rest))) (set-cdr! (last-pair l) l) l))
;; Floyd's tortoise and hare: the only way to tell a circular list without unbounded memory.
(define (%tail-kind x)
  (let loop ((slow x) (fast x))
    (if (pair? fast)
        (let ((fast (cdr fast)))
          (if (pair? fast)
              (let ((fast (cdr fast)) (slow (cdr slow)))
                (if (eq? fast slow) 'circular (loop slow fast)))
              (if (null? fast) 'proper 'dotted)))
        (if (null? fast) 'proper 'dotted))))
(define (proper-list? x) (eq? (%tail-kind x) 'proper))
(define (circular-list? x) (eq? (%tail-kind x) 'circular))
(define (dotted-list? x) (eq? (%tail-kind x) 'dotted))
(define (not-pair? x) (not (pair? x)))
(define (null-list? l)
  (cond ((pair? l) #f) ((null? l) #t) (else (error "null-list?: expected a proper or circular list" l))))
(define (list= elt= . lists)
  (define (same? a b)
    (cond ((null? a) (null? b)) ((null? b) #f) (else (and (elt= (car a) (car b)) (same? (cdr a) (cdr b))))))
  (let loop ((ls lists)) (or (null? ls) (null? (cdr ls)) (and (same? (car ls) (cadr ls)) (loop (cdr ls))))))
(define (fourth l) (cadddr l))
(define (fifth l) (car (cddddr l)))
(define (sixth l) (cadr (cddddr l)))
(define (seventh l) (caddr (cddddr l)))
(define (eighth l) (cadddr (cddddr l)))
(define (ninth l) (car (cddddr (cddddr l))))
(define (tenth l) (cadr (cddddr (cddddr l))))
(define (car+cdr p) (values (car p) (cdr p)))
(define (take l k) (let loop ((l l) (k k) (acc '())) (if (= k 0) (reverse acc) (loop (cdr l) (- k 1) (cons (car l) acc)))))
(define (drop l k) (if (= k 0) l (drop (cdr l) (- k 1))))
(define (take-right l k) (let loop ((lag l) (lead (drop l k))) (if (pair? lead) (loop (cdr lag) (cdr lead)) lag)))
(define (drop-right l k)
  (let loop ((lag l) (lead (drop l k)) (acc '()))
    (if (pair? lead) (loop (cdr lag) (cdr lead) (cons (car lag) acc)) (reverse acc))))
(define (split-at l k)
  (let loop ((l l) (k k) (acc '())) (if (= k 0) (values (reverse acc) l) (loop (cdr l) (- k 1) (cons (car l) acc)))))
(define (length+ x) (if (circular-list? x) #f (let loop ((x x) (n 0)) (if (pair? x) (loop (cdr x) (+ n 1)) n))))
(define (concatenate ls) (apply append ls))
(define (zip l . ls) (apply map list l ls))
(define (unzip1 l) (map car l))
(define (unzip2 l) (values (map car l) (map cadr l)))
(define (unzip3 l) (values (map car l) (map cadr l) (map caddr l)))
(define (unzip4 l) (values (map car l) (map cadr l) (map caddr l) (map cadddr l)))
(define (unzip5 l) (values (map car l) (map cadr l) (map caddr l) (map cadddr l) (map fifth l)))
(define (%all-pairs? ls) (every pair? ls))
(define (count pred l . ls)
  (let loop ((ls (cons l ls)) (n 0))
    (if (%all-pairs? ls) (loop (map cdr ls) (if (apply pred (map car ls)) (+ n 1) n)) n)))
(define (list-index pred l . ls)
  (let loop ((ls (cons l ls)) (i 0))
    (cond ((not (%all-pairs? ls)) #f) ((apply pred (map car ls)) i) (else (loop (map cdr ls) (+ i 1))))))
(define (unfold stop? mapper successor seed . tail-gen)
  (let loop ((seed seed) (acc '()))
    (if (stop? seed)
        (append-reverse acc (if (pair? tail-gen) ((car tail-gen) seed) '()))
        (loop (successor seed) (cons (mapper seed) acc)))))
(define (unfold-right stop? mapper successor seed . tail)
  (let loop ((seed seed) (acc (if (pair? tail) (car tail) '())))
    (if (stop? seed) acc (loop (successor seed) (cons (mapper seed) acc)))))
;; The pair procedures take the cdr before calling f, so f may alter the pair it is given.
(define (pair-fold f init l . ls)
  (let loop ((ls (cons l ls)) (acc init))
    (if (%all-pairs? ls) (let ((next (map cdr ls))) (loop next (apply f (append ls (list acc))))) acc)))
(define (pair-fold-right f init l . ls)
  (let loop ((ls (cons l ls)))
    (if (%all-pairs? ls) (apply f (append ls (list (loop (map cdr ls))))) init)))
(define (pair-for-each f l . ls)
  (let loop ((ls (cons l ls)))
    (if (%all-pairs? ls) (let ((next (map cdr ls))) (apply f ls) (loop next)))))
(define (map-in-order f l . ls) (apply map f l ls))
(define (take-while pred l)
  (let loop ((l l) (acc '())) (if (and (pair? l) (pred (car l))) (loop (cdr l) (cons (car l) acc)) (reverse acc))))
(define (drop-while pred l) (let loop ((l l)) (if (and (pair? l) (pred (car l))) (loop (cdr l)) l)))
(define (span pred l)
  (let loop ((l l) (acc '()))
    (if (and (pair? l) (pred (car l))) (loop (cdr l) (cons (car l) acc)) (values (reverse acc) l))))
(define (break pred l) (span (lambda (x) (not (pred x))) l))
(define (alist-cons key datum alist) (cons (cons key datum) alist))
(define (alist-copy alist) (map (lambda (p) (cons (car p) (cdr p))) alist))
(define (alist-delete key alist . maybe=)
  (let ((same? (if (pair? maybe=) (car maybe=) equal?))) (remove (lambda (p) (same? key (car p))) alist)))
;; SRFI 1 fixes the argument order of = in the lset procedures: (= element-of-earlier-list x).
(define (%in? = x l) (any (lambda (y) (= y x)) l))
(define (%subset? = a b) (every (lambda (x) (any (lambda (y) (= x y)) b)) a))
(define (lset<= = . lists)
  (let loop ((ls lists)) (or (null? ls) (null? (cdr ls)) (and (%subset? = (car ls) (cadr ls)) (loop (cdr ls))))))
(define (lset= = . lists)
  (let loop ((ls lists))
    (or (null? ls) (null? (cdr ls))
        (and (%subset? = (car ls) (cadr ls)) (%subset? = (cadr ls) (car ls)) (loop (cdr ls))))))
(define (lset-adjoin = l . elts) (fold (lambda (x acc) (if (%in? = x acc) acc (cons x acc))) l elts))
(define (lset-union = . lists)
  (reduce (lambda (l acc)
            (cond ((null? l) acc) ((null? acc) l) ((eq? l acc) acc)
                  (else (fold (lambda (x a) (if (%in? = x a) a (cons x a))) acc l))))
          '() lists))
(define (lset-intersection = l . lists)
  (filter (lambda (x) (every (lambda (lis) (any (lambda (y) (= x y)) lis)) lists)) l))
(define (lset-difference = l . lists)
  (filter (lambda (x) (every (lambda (lis) (not (any (lambda (y) (= x y)) lis))) lists)) l))
(define (lset-xor = . lists)
  (reduce (lambda (b a) (append (reverse (lset-difference = a b)) (lset-difference = b a))) '() lists))
(define (lset-diff+intersection = l . lists)
  (partition (lambda (x) (not (any (lambda (lis) (any (lambda (y) (= x y)) lis)) lists))) l))
(define take! take)
(define drop-right! drop-right)
(define split-at! split-at)
(define concatenate! concatenate)
(define reverse! reverse)
(define append! append)
(define append-reverse! append-reverse)
(define append-map! append-map)
(define filter! filter)
(define partition! partition)
(define remove! remove)
(define take-while! take-while)
(define span! span)
(define break! break)
(define delete! delete)
(define delete-duplicates! delete-duplicates)
(define alist-delete! alist-delete)
(define lset-union! lset-union)
(define lset-intersection! lset-intersection)
(define lset-difference! lset-difference)
(define lset-xor! lset-xor)
(define lset-diff+intersection! lset-diff+intersection)
`;

/** Every name SRFI 1 exports, in the order of its index. */
const EXPORTS = `
cons list xcons cons* make-list list-tabulate list-copy circular-list iota
pair? null? proper-list? circular-list? dotted-list? not-pair? null-list? list=
car cdr caar cadr cdar cddr caddr cdddr cadddr cddddr
first second third fourth fifth sixth seventh eighth ninth tenth car+cdr
list-ref take drop take-right drop-right take! drop-right! split-at split-at! last last-pair
length length+ append concatenate reverse append! concatenate! reverse! append-reverse append-reverse!
zip unzip1 unzip2 unzip3 unzip4 unzip5 count
fold unfold pair-fold reduce fold-right unfold-right pair-fold-right reduce-right
append-map append-map! pair-for-each filter-map map-in-order map for-each
filter partition remove filter! partition! remove!
member memq memv find find-tail any every list-index take-while drop-while take-while!
span break span! break! delete delete-duplicates delete! delete-duplicates!
assoc assq assv alist-cons alist-copy alist-delete alist-delete!
lset<= lset= lset-adjoin lset-union lset-union! lset-intersection lset-intersection!
lset-difference lset-difference! lset-xor lset-xor! lset-diff+intersection lset-diff+intersection!
`.trim().split(/\s+/);

let cached: ReadonlyMap<string, Value> | null = null;

/**
 * The exports of SRFI 1 by name, compiled on the first import and shared afterwards (the
 * closures are immutable). Lazy so a program that never imports it pays nothing.
 */
export function srfi1Exports(): ReadonlyMap<string, Value> {
  if (cached !== null) return cached;
  const own = compileLibrary(SOURCE, LIBRARY_ENTRIES);
  const out = new Map<string, Value>();
  for (const name of EXPORTS) {
    const v = own.get(name) ?? LIBRARY.get(name) ?? BUILTINS.get(name);
    if (v === undefined) throw new Error(`srfi 1: ${name} is not defined`);
    out.set(name, v);
  }
  cached = out;
  return out;
}
