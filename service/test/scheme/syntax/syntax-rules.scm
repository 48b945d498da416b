;; syntax-rules: ellipses at depth, literals, custom ellipsis, escapes, vectors, tails.
(define-syntax swap! (syntax-rules () ((_ a b) (let ((tmp a)) (set! a b) (set! b tmp)))))
(define p 1)
(define q 2)
(swap! p q)
(list p q) ;=> (2 1)
(define-syntax my-or (syntax-rules () ((_) #f) ((_ e) e) ((_ e r ...) (let ((t e)) (if t t (my-or r ...))))))
(my-or #f #f 3) ;=> 3
(define-syntax flip-all (syntax-rules () ((_ (a b ...) ...) '((b ... a) ...))))
(flip-all (1 2 3) (4 5) (6)) ;=> ((2 3 1) (5 4) (6))
(define-syntax flatten2 (syntax-rules () ((_ (a ...) ...) '(a ... ...))))
(flatten2 (1 2) (3) (4 5)) ;=> (1 2 3 4 5)
(define-syntax my-list (syntax-rules ::: () ((_ x :::) (list x :::))))
(my-list 1 2 3) ;=> (1 2 3)
(define-syntax def-seq
  (syntax-rules () ((_ name) (define-syntax name (syntax-rules () ((_ e (... ...)) (begin e (... ...))))))))
(def-seq my-begin)
(my-begin 1 2 3) ;=> 3
(define-syntax vec-pat (syntax-rules () ((_ #(a b ...)) (list a '(b ...)))))
(vec-pat #(1 2 3)) ;=> (1 (2 3))
(define-syntax vec-tmpl (syntax-rules () ((_ a ...) #(a ... end))))
(vec-tmpl 1 2) ;=> #(1 2 end)
(define-syntax tail-pat (syntax-rules () ((_ a ... . r) '(r a ...))))
(tail-pat 1 2 . 3) ;=> (3 1 2)
(define-syntax last-of (syntax-rules () ((_ a ... z) 'z)))
(last-of 1 2 3 4) ;=> 4
(define-syntax middle (syntax-rules () ((_ a b ... c d) '(b ...))))
(middle 1 2 3 4 5) ;=> (2 3)
(define-syntax arrow (syntax-rules (=>) ((_ a => b) (list a b)) ((_ a b c) 'plain)))
(arrow 1 => 2) ;=> (1 2)
(arrow 1 2 3) ;=> plain
(define-syntax ignore (syntax-rules () ((_ _ x) x)))
(ignore 1 2) ;=> 2
(define-syntax while
  (syntax-rules () ((_ c body ...) (let lp () (when c body ... (lp))))))
(define i 0)
(while (< i 10) (set! i (+ i 1)))
i ;=> 10
(define-syntax my-cond
  (syntax-rules (else)
    ((_ (else e ...)) (begin e ...))
    ((_ (c e ...) clause ...) (if c (begin e ...) (my-cond clause ...)))))
(my-cond (#f 1) ((= 1 1) 2) (else 3)) ;=> 2
(define-syntax lit-num (syntax-rules () ((_ 1) 'one) ((_ "s") 'str) ((_ x) 'other)))
(list (lit-num 1) (lit-num "s") (lit-num 2)) ;=> (one str other)
(let-syntax ((dbl (syntax-rules () ((_ x) (* 2 x))))) (dbl 21)) ;=> 42
(letrec-syntax ((cnt (syntax-rules () ((_) 0) ((_ x r ...) (+ 1 (cnt r ...)))))) (cnt a b c)) ;=> 3
(define (use-internal)
  (define-syntax twice (syntax-rules () ((_ e) (begin e e))))
  (define n 0)
  (twice (set! n (+ n 1)))
  n)
(use-internal) ;=> 2
(define-syntax define-getter (syntax-rules () ((_ name val) (define (name) val))))
(define-getter get-five 5)
(get-five) ;=> 5
(define-syntax nest (syntax-rules () ((_ (a (b ...)) ...) '((a b ...) ...))))
(nest (x (1 2)) (y (3))) ;=> ((x 1 2) (y 3))
