;; Pairs and lists (R7RS 6.4).
(cons 1 2) ;=> (1 . 2)
(cons 1 '(2 3)) ;=> (1 2 3)
(car '(a b)) ;=> a
(cdr '(a b)) ;=> (b)
(cadr '(1 2 3)) ;=> 2
(cddr '(1 2 3)) ;=> (3)
(caddr '(1 2 3)) ;=> 3
(cdddr '(1 2 3)) ;=> ()
(cadddr '(1 2 3 4)) ;=> 4
(caar '((a) b)) ;=> a
(cdar '((a b) c)) ;=> (b)
(define p (list 1 2))
(set-car! p 'x)
(set-cdr! (cdr p) '(3))
p ;=> (x 2 3)
(pair? '(a)) ;=> #t
(pair? '()) ;=> #f
(null? '()) ;=> #t
(null? '(a)) ;=> #f
(list? '(1 2)) ;=> #t
(list? '(1 . 2)) ;=> #f
(list) ;=> ()
(list 1 "a" #\b) ;=> (1 "a" #\b)
(make-list 3 'z) ;=> (z z z)
(length '(1 2 3)) ;=> 3
(length '()) ;=> 0
(append '(1) '(2 3) '() '(4)) ;=> (1 2 3 4)
(append '(1) 2) ;=> (1 . 2)
(append) ;=> ()
(reverse '(1 2 3)) ;=> (3 2 1)
(list-tail '(a b c d) 2) ;=> (c d)
(list-ref '(a b c) 1) ;=> b
(define l (list 1 2 3))
(list-set! l 1 'two)
l ;=> (1 two 3)
(list-copy '(1 2 . 3)) ;=> (1 2 . 3)
(let* ((a (list 1 2)) (b (list-copy a))) (set-car! b 9) (list a b)) ;=> ((1 2) (9 2))
;; A circular list is not a list, and measuring one is an error rather than a hang.
(define c (list 1 2 3))
(set-cdr! (cddr c) c)
(list? c) ;=> #f
c ;=> #0=(1 2 3 . #0#)
(guard (e (#t (error-object-message e))) (length c)) ;=> "length: expected a list, got #0=(1 2 3 . #0#)"
;; Long lists are fine (no recursion over length).
(length (make-list 200000 0)) ;=> 200000
(length (append (make-list 100000 1) (make-list 100000 2))) ;=> 200000
