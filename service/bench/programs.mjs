/**
 * The interpreter bench programs, shared by our runner and the Guile script. Each defines
 * `(run)` after its definitions; `expect` is the written result.
 */
export const PROGRAMS = [
  {
    name: 'fib(25)',
    setup: '(define (fib n) (if (< n 2) n (+ (fib (- n 1)) (fib (- n 2)))))',
    run: '(fib 25)',
    expect: '75025',
  },
  {
    name: 'tak(18,12,6)',
    setup: '(define (tak x y z) (if (not (< y x)) z (tak (tak (- x 1) y z) (tak (- y 1) z x) (tak (- z 1) x y))))',
    run: '(tak 18 12 6)',
    expect: '7',
  },
  {
    name: 'nqueens(8)',
    setup: `(define (queens board-size)
  (define (ok? row dist placed)
    (or (null? placed)
        (and (not (= (car placed) (+ row dist)))
             (not (= (car placed) (- row dist)))
             (not (= (car placed) row))
             (ok? row (+ dist 1) (cdr placed)))))
  (define (try-it x y z)
    (if (null? x)
        (if (null? y) 1 0)
        (+ (if (ok? (car x) 1 z) (try-it (append (cdr x) y) '() (cons (car x) z)) 0)
           (try-it (cdr x) (cons (car x) y) z))))
  (define (iota1 n) (let loop ((i n) (l '())) (if (= i 0) l (loop (- i 1) (cons i l)))))
  (try-it (iota1 board-size) '() '()))`,
    run: '(queens 8)',
    expect: '92',
  },
];
