;; Equivalence predicates (R7RS 6.1) and booleans (6.3).
(eq? 'a 'a) ;=> #t
(eq? '() '()) ;=> #t
(eq? (list 1) (list 1)) ;=> #f
(eqv? 1.5 1.5) ;=> #t
(eqv? 2 2.0) ;=> #f
(eqv? 0.0 -0.0) ;=> #f
(eqv? 100000000000000000000 100000000000000000000) ;=> #t
(eqv? #\a #\a) ;=> #t
(eqv? "" "") ;=> #f
(equal? '(1 (2 #(3 "x"))) (list 1 (list 2 (vector 3 "x")))) ;=> #t
(equal? "abc" "abc") ;=> #t
(equal? #u8(1 2) #u8(1 2)) ;=> #t
(equal? '(1 2) '(1 3)) ;=> #f
;; equal? terminates on circular structure.
(define a (list 1 1))
(set-cdr! (cdr a) a)
(define b (list 1))
(set-cdr! b b)
(equal? a b) ;=> #t
(not #f) ;=> #t
(not '()) ;=> #f
(boolean? #f) ;=> #t
(boolean? 0) ;=> #f
(boolean=? #t #t) ;=> #t
(boolean=? #f #t) ;=> #f
