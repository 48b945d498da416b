;; Definitions, lambda, let forms, conditionals: the core special forms.
(define x 10)
x ;=> 10
(define (square n) (* n n))
(square 12) ;=> 144
((lambda (a b) (- a b)) 10 3) ;=> 7
((lambda args args) 1 2 3) ;=> (1 2 3)
((lambda (a . rest) (list a rest)) 1 2 3) ;=> (1 (2 3))
(let ((a 1) (b 2)) (+ a b)) ;=> 3
(let* ((a 1) (b (+ a 1)) (c (* b 3))) (list a b c)) ;=> (1 2 6)
(letrec ((ev? (lambda (n) (if (= n 0) #t (od? (- n 1))))) (od? (lambda (n) (if (= n 0) #f (ev? (- n 1)))))) (ev? 100)) ;=> #t
(letrec* ((a 1) (b (+ a 1))) b) ;=> 2
(let loop ((i 0) (acc '())) (if (= i 3) acc (loop (+ i 1) (cons i acc)))) ;=> (2 1 0)
(if #f #f) ;=> #<unspecified>
(if '() 'yes 'no) ;=> yes
(if 0 'yes 'no) ;=> yes
(cond ((assv 'b '((a 1) (b 2))) => cadr) (else 'nope)) ;=> 2
(cond ((> 1 2) 'a) ((> 2 1) 'b)) ;=> b
(cond (#f 1) ((+ 1 1))) ;=> 2
(cond (#f 1)) ;=> #<unspecified>
(case (* 2 3) ((2 3 5 7) 'prime) ((1 4 6 8 9) 'composite)) ;=> composite
(case 'z ((a) 1) (else 'other)) ;=> other
(case 5 ((5) => (lambda (x) (* x 10))) (else 0)) ;=> 50
(and 1 2 3) ;=> 3
(and) ;=> #t
(and 1 #f 3) ;=> #f
(or #f 2 3) ;=> 2
(or) ;=> #f
(when (> 2 1) 'a 'b) ;=> b
(unless (> 2 1) 'a) ;=> #<unspecified>
(do ((vec (make-vector 5)) (i 0 (+ i 1))) ((= i 5) vec) (vector-set! vec i i)) ;=> #(0 1 2 3 4)
(do ((i 0 (+ i 1)) (s 0 (+ s i))) ((= i 5) s)) ;=> 10
(begin 1 2 3) ;=> 3
(define counter 0)
(set! counter (+ counter 1))
counter ;=> 1
(define (f) (define a 1) (define (g) (* a 10)) (g))
(f) ;=> 10
(define ((adder n) m) (+ n m))
((adder 3) 4) ;=> 7
(define (h . xs) (length xs))
(h 1 2 3 4) ;=> 4
(let () (define-values (q r) (floor/ 17 5)) (list q r)) ;=> (3 2)
(define-values (a1 b1 . c1) (values 1 2 3 4))
(list a1 b1 c1) ;=> (1 2 (3 4))
(let-values (((a b) (values 1 2)) ((c) (values 3))) (list a b c)) ;=> (1 2 3)
(let ((a 1)) (let-values (((a b) (values 10 a))) (list a b))) ;=> (10 1)
(let*-values (((a b) (values 1 2)) ((c) (values (+ a b)))) c) ;=> 3
(call-with-values (lambda () (values 1 2)) +) ;=> 3
(call-with-values (lambda () 5) list) ;=> (5)
square ;=> #<procedure square>
'sym ;=> sym
'(1 . 2) ;=> (1 . 2)
#(1 "a" #\b) ;=> #(1 "a" #\b)
"a\tb" ;=> "a\tb"
