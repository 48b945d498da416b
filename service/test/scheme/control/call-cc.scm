;; First-class, re-entrant continuations.
(call-with-current-continuation (lambda (k) (+ 1 (k 42)))) ;=> 42
(call/cc (lambda (k) 5)) ;=> 5
(+ 1 (call/cc (lambda (k) (+ 10 (k 1))))) ;=> 2
;; Early exit from a loop.
(define (find-first pred lst)
  (call/cc (lambda (return) (for-each (lambda (x) (when (pred x) (return x))) lst) #f)))
(find-first even? '(1 3 4 5 6)) ;=> 4
;; Re-entry several times: the continuation of a top-level form goes on with the program.
(define k #f)
(define n 0)
(define trace '())
(set! trace (cons (call/cc (lambda (c) (set! k c) 0)) trace))
(set! n (+ n 1))
(if (< n 4) (k n) 'finished) ;=> finished
trace ;=> (3 2 1 0)
;; Generators built on call/cc (re-entering both sides repeatedly).
(define (make-gen lst)
  (define return #f)
  (define resume #f)
  (define (gen)
    (call/cc (lambda (r)
      (set! return r)
      (if resume
          (resume #f)
          (begin
            (for-each (lambda (x) (call/cc (lambda (next) (set! resume next) (return x)))) lst)
            (set! resume (lambda (v) (return 'done)))
            (return 'done))))))
  gen)
(define g (make-gen '(a b c)))
(list (g) (g) (g) (g) (g)) ;=> (a b c done done)
;; Re-entering a continuation inside an argument list keeps earlier arguments (no sharing bugs).
(define r '())
(define kk #f)
(define result (list 1 (call/cc (lambda (c) (set! kk c) 2)) 3))
(set! r (cons result r))
(if (< (length r) 3) (kk (* 10 (length r))))
r ;=> ((1 20 3) (1 10 3) (1 2 3))
;; map must not be affected by re-entry (R7RS 6.10).
(define mk #f)
(define mres '())
(define m (map (lambda (x) (call/cc (lambda (c) (if (= x 2) (set! mk c)) x))) '(1 2 3)))
(set! mres (cons m mres))
(if (= (length mres) 1) (mk 20))
mres ;=> ((1 20 3) (1 2 3))
;; Escaping from deep recursion.
(define (deep n k) (if (= n 0) (k 'escaped) (+ 1 (deep (- n 1) k))))
(call/cc (lambda (k) (deep 100000 k))) ;=> escaped
(call-with-current-continuation procedure?) ;=> #t
