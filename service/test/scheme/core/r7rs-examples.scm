;; Spot checks adapted from the R7RS report examples (syntax, control, exceptions).
(let ((=> #f)) (cond (#t => 'ok))) ;=> ok
(letrec-syntax ((my-or (syntax-rules () ((my-or) #f) ((my-or e) e) ((my-or e1 e2 ...) (let ((temp e1)) (if temp temp (my-or e2 ...))))))) (let ((x #f) (y 7) (temp 8) (let odd?) (if even?)) (my-or x (let temp) (if y) y))) ;=> 7
(let-syntax ((when (syntax-rules () ((when test stmt1 stmt2 ...) (if test (begin stmt1 stmt2 ...)))))) (let ((if #t)) (when if (set! if 'now)) if)) ;=> now
(let ((x 'outer)) (let-syntax ((m (syntax-rules () ((m) x)))) (let ((x 'inner)) (m)))) ;=> outer
(let () (define-values () (values)) 'ok) ;=> ok
(let () (define-values x (values 1 2)) (apply + x)) ;=> 3
(let ((ls1 (list 10 100 1000)) (ls2 (list 1 2 3 4 5 6))) (set-cdr! (cddr ls1) ls1) (map * ls1 ls2)) ;=> (10 200 3000 40 500 6000)
(call-with-values * -) ;=> -1
(string-map (lambda (c k) (if (eqv? k #\u) (char-upcase c) (char-downcase c))) "studlycaps xxx" "ululululul") ;=> "StUdLyCaPs"
(let ((ls1 (list 10 100 1000)) (ls2 (list 1 2 3 4 5 6)) (count 0)) (set-cdr! (cddr ls1) ls1) (for-each (lambda (x y) (set! count (+ count (* x y)))) ls2 ls1) count) ;=> 9750
(read-error? (guard (exn (else exn)) (read (open-input-string ")")))) ;=> #t
(let ((path '()) (c #f)) (let ((add (lambda (s) (set! path (cons s path))))) (dynamic-wind (lambda () (add 'connect)) (lambda () (add (call-with-current-continuation (lambda (c0) (set! c c0) 'talk1)))) (lambda () (add 'disconnect))) (if (< (length path) 4) (c 'talk2) (reverse path)))) ;=> (connect talk1 disconnect connect talk2 disconnect)
(let () (define x 5) (define count 0) (define p (delay (begin (set! count (+ count 1)) (if (> count x) count (force p))))) (list (force p) (begin (set! x 10) (force p)))) ;=> (6 6)
(define radix (make-parameter 10 (lambda (x) (if (and (integer? x) (<= 2 x 16)) x (error "invalid radix")))))
(define (f n) (number->string n (radix)))
(list (f 12) (parameterize ((radix 2)) (f 12)) (f 12)) ;=> ("12" "1100" "12")
(let ((name1 'x) (name2 'y)) `(a `(b ,,name1 ,',name2 d) e)) ;=> (a (quasiquote (b (unquote x) (unquote (quote y)) d)) e)
`(a `(b ,(+ 1 2) ,(foo ,(+ 1 3) d) e) f) ;=> (a (quasiquote (b (unquote (+ 1 2)) (unquote (foo 4 d)) e)) f)
(define compose (lambda (f g) (lambda args (f (apply g args)))))
(call-with-values (lambda () ((compose exact-integer-sqrt *) 12 75)) list) ;=> (30 0)
(letrec* ((p (lambda (x) (+ 1 (q (- x 1))))) (q (lambda (y) (if (zero? y) 0 (+ 1 (p (- y 1)))))) (x (p 5)) (y x)) y) ;=> 5
(let ((a 'a) (b 'b) (x 'x) (y 'y)) (let*-values (((a b) (values x y)) ((x y) (values a b))) (list a b x y))) ;=> (x y x y)
(define-syntax be-like-begin (syntax-rules () ((be-like-begin name) (define-syntax name (syntax-rules () ((name expr (... ...)) (begin expr (... ...))))))))
(be-like-begin sequence)
(sequence 1 2 3 4) ;=> 4
(let ((x 5)) (define foo (lambda (y) (bar x y))) (define bar (lambda (a b) (+ (* a b) a))) (foo (+ x 3))) ;=> 45
(with-exception-handler (lambda (con) 42) (lambda () (+ (raise-continuable "should be a number") 23))) ;=> 65
