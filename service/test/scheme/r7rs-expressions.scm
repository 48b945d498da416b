;; R7RS-small conformance: expressions (our own cases, section by section of the report).
;; R7RS 4.1-4.2: primitive and derived expressions.
(define x 28)
x ;=> 28
(quote a) ;=> a
(quote #(a b c)) ;=> #(a b c)
'() ;=> ()
'(+ 1 2) ;=> (+ 1 2)
'(quote a) ;=> (quote a)
''a ;=> (quote a)
'"abc" ;=> "abc"
'#\a ;=> #\a
'145932 ;=> 145932
#t ;=> #t
((if #f + *) 3 4) ;=> 12
((lambda (x) (+ x x)) 4) ;=> 8
(define reverse-subtract (lambda (x y) (- y x)))
(reverse-subtract 7 10) ;=> 3
(define add4 (let ((x 4)) (lambda (y) (+ x y))))
(add4 6) ;=> 10
((lambda x x) 3 4 5 6) ;=> (3 4 5 6)
((lambda (x y . z) z) 3 4 5 6) ;=> (5 6)
(if (> 3 2) 'yes 'no) ;=> yes
(if (> 2 3) 'yes 'no) ;=> no
(if (> 3 2) (- 3 2) (+ 3 2)) ;=> 1
(define x 2)
(+ x 1) ;=> 3
(set! x 4)
(+ x 1) ;=> 5
(cond ((> 3 2) 'greater) ((< 3 2) 'less)) ;=> greater
(cond ((> 3 3) 'greater) ((< 3 3) 'less) (else 'equal)) ;=> equal
(cond ((assv 'b '((a 1) (b 2))) => cadr) (else #f)) ;=> 2
(cond ((assv 'z '((a 1) (b 2))) => cadr) (else 'no)) ;=> no
(cond (3)) ;=> 3
(cond (#f 1) ((+ 1 1))) ;=> 2
(case (* 2 3) ((2 3 5 7) 'prime) ((1 4 6 8 9) 'composite)) ;=> composite
(case (car '(c d)) ((a e i o u) 'vowel) ((w y) 'semivowel) (else => (lambda (x) x))) ;=> c
(case 5 ((5) => (lambda (x) (* x 2))) (else 'no)) ;=> 10
(case #\a ((#\a) 'char-a) (else 'other)) ;=> char-a
(case "a" (("a") 'string) (else 'other)) ;=> other
(case 2.0 ((2) 'exact) ((2.0) 'inexact) (else 'none)) ;=> inexact
(case '() ((()) 'nil) (else 'no)) ;=> nil
(and (= 2 2) (> 2 1)) ;=> #t
(and (= 2 2) (< 2 1)) ;=> #f
(and 1 2 'c '(f g)) ;=> (f g)
(and) ;=> #t
(or (= 2 2) (> 2 1)) ;=> #t
(or (= 2 2) (< 2 1)) ;=> #t
(or #f #f #f) ;=> #f
(or (memq 'b '(a b c)) (/ 3 0)) ;=> (b c)
(or) ;=> #f
(when (= 1 1.0) 'a 'b) ;=> b
(unless (= 1 1.0) 'a 'b)
(list (when #f 1)) ;=> (#<unspecified>)
(unless #f 'x 'y) ;=> y
(let ((x 2) (y 3)) (* x y)) ;=> 6
(let ((x 2) (y 3)) (let ((x 7) (z (+ x y))) (* z x))) ;=> 35
(let ((x 2) (y 3)) (let* ((x 7) (z (+ x y))) (* z x))) ;=> 70
(letrec ((even? (lambda (n) (if (zero? n) #t (odd? (- n 1))))) (odd? (lambda (n) (if (zero? n) #f (even? (- n 1)))))) (even? 88)) ;=> #t
(let-values (((root rem) (exact-integer-sqrt 32))) (* root rem)) ;=> 35
(let-values (((a . rest) (values 1 2 3)) (all (values 4 5))) (list a rest all)) ;=> (1 (2 3) (4 5))
(let*-values (((a) (values 1)) ((b c) (values a 2))) (list a b c)) ;=> (1 1 2)
(define xx 0)
(and (= xx 0) (begin (set! xx 5) (+ xx 1))) ;=> 6
(begin (display "4 plus 1 equals ") (display (+ 4 1)))
(do ((vec (make-vector 5)) (i 0 (+ i 1))) ((= i 5) vec) (vector-set! vec i i)) ;=> #(0 1 2 3 4)
(let ((x '(1 3 5 7 9))) (do ((x x (cdr x)) (sum 0 (+ sum (car x)))) ((null? x) sum))) ;=> 25
(do ((i 0 (+ i 1))) ((= i 3))) ;=> #<unspecified>
(let loop ((numbers '(3 -2 1 6 -5)) (nonneg '()) (neg '())) (cond ((null? numbers) (list nonneg neg)) ((>= (car numbers) 0) (loop (cdr numbers) (cons (car numbers) nonneg) neg)) ((< (car numbers) 0) (loop (cdr numbers) nonneg (cons (car numbers) neg))))) ;=> ((6 1 3) (-5 -2))
(let loop () 5) ;=> 5
(let f ((n 5) (acc 1)) (if (= n 0) acc (f (- n 1) (* acc n)))) ;=> 120
(force (delay (+ 1 2))) ;=> 3
(let ((p (delay (+ 1 2)))) (list (force p) (force p))) ;=> (3 3)
(define integers (letrec ((next (lambda (n) (delay (cons n (next (+ n 1))))))) (next 0)))
(define (head stream) (car (force stream)))
(define (tail stream) (cdr (force stream)))
(head (tail (tail integers))) ;=> 2
(define (stream-filter p? s) (delay-force (if (null? (force s)) (delay '()) (let ((h (car (force s))) (t (cdr (force s)))) (if (p? h) (delay (cons h (stream-filter p? t))) (stream-filter p? t))))))
(head (tail (tail (stream-filter odd? integers)))) ;=> 5
(define (loop n) (delay-force (if (= n 0) (delay 'done) (loop (- n 1)))))
(force (loop 100000)) ;=> done
(promise? (delay 1)) ;=> #t
(promise? (make-promise 1)) ;=> #t
(force (make-promise 7)) ;=> 7
(let ((p (make-promise 7))) (eq? p (make-promise p))) ;=> #t
(force 5) ;=> 5
(promise? 5) ;=> #f
(define p (make-parameter 10 (lambda (x) (* x 2))))
(p) ;=> 20
(parameterize ((p 3)) (p)) ;=> 6
(p) ;=> 20
(define q (make-parameter 1))
(parameterize ((p 1) (q 2)) (list (p) (q))) ;=> (2 2)
(parameterize () 5) ;=> 5
(define k #f)
(define plus (case-lambda ((a) a) ((a b) (+ a b)) ((a b . rest) (apply plus (+ a b) rest))))
(plus 1) ;=> 1
(plus 1 2 3 4) ;=> 10
(define range (case-lambda ((e) (range 0 e)) ((b e) (do ((r '() (cons e r)) (e (- e 1) (- e 1))) ((< e b) r)))))
(range 3) ;=> (0 1 2)
(range 3 5) ;=> (3 4)
((case-lambda ((a) 'one) (args 'many))) ;=> many
(define-values (dv1 dv2) (values 1 2))
(list dv1 dv2) ;=> (1 2)
(define-values (dv3 . dv4) (values 1 2 3))
dv4 ;=> (2 3)
(define-values dv5 (values))
dv5 ;=> ()
(let () (define-values (a b) (values 1 2)) (define c 3) (+ a b c)) ;=> 6
`(list ,(+ 1 2) 4) ;=> (list 3 4)
(let ((name 'a)) `(list ,name ',name)) ;=> (list a (quote a))
`(a ,(+ 1 2) ,@(map abs '(4 -5 6)) b) ;=> (a 3 4 5 6 b)
`(( foo ,(- 10 3)) ,@(cdr '(c)) . ,(car '(cons))) ;=> ((foo 7) . cons)
`#(10 5 ,(sqrt 4) ,@(map sqrt '(16 9)) 8) ;=> #(10 5 2 4 3 8)
(let ((foo '(foo bar)) (@baz 'baz)) `(list ,@foo , @baz)) ;=> (list foo bar baz)
`(1 ,@'() 2) ;=> (1 2)
`(1 . ,(+ 1 1)) ;=> (1 . 2)
`(1 ,@(list 2 3) . 4) ;=> (1 2 3 . 4)
(quasiquote (list (unquote (+ 1 2)) 4)) ;=> (list 3 4)
'(quasiquote (list (unquote (+ 1 2)) 4)) ;=> (quasiquote (list (unquote (+ 1 2)) 4))
`(1 `(2 ,(3 ,(+ 1 3)))) ;=> (1 (quasiquote (2 (unquote (3 4)))))
`(1 `(2 ,(3 ,@(list 4 5)))) ;=> (1 (quasiquote (2 (unquote (3 4 5)))))
`(1 `,(+ 1 ,(+ 2 3))) ;=> (1 (quasiquote (unquote (+ 1 5))))
`#() ;=> #()
`#(a #(b ,(+ 1 1))) ;=> #(a #(b 2))
`(,@'(1 2) ,@'(3)) ;=> (1 2 3)
(let ((x 1)) `(x . ,x)) ;=> (x . 1)
`(a . (unquote (+ 1 2))) ;=> (a . 3)
;; A final ,@ becomes the tail as in other Schemes (R7RS lets the result share structure).
`(1 ,@'(2 . 3)) ;=> (1 2 . 3)
(let ((x (list 2 3))) (eq? (cdr `(1 ,@x)) x)) ;=> #t
`(,@'() . 4) ;=> 4
