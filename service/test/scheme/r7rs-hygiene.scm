;; R7RS-small conformance: hygiene (our own cases, section by section of the report).
(define-syntax my-or (syntax-rules () ((_) #f) ((_ e) e) ((_ e r ...) (let ((t e)) (if t t (my-or r ...))))))
(define t 5)
(my-or #f t) ;=> 5
(let ((if list)) (my-or #f 2)) ;=> 2
(define-syntax with-x (syntax-rules () ((_ body) (let ((x 1)) body))))
(define x 'outer)
(with-x x) ;=> outer
(define-syntax bind-x (syntax-rules () ((_ name body) (let ((name 1)) body))))
(bind-x x x) ;=> 1
(define-syntax m1 (syntax-rules () ((_ a) (m2 a a))))
(define-syntax m2 (syntax-rules () ((_ a b) (list a b))))
(m1 3) ;=> (3 3)
(define-syntax define-getter (syntax-rules () ((_ name val) (begin (define tmp val) (define (name) tmp)))))
(define-getter get-a 1)
(define-getter get-b 2)
;; Top-level definitions a macro introduces keep their plain name (a documented choice).
(list (get-a) (get-b)) ;=> (2 2)
(define-syntax my-let (syntax-rules () ((_ ((n v) ...) body ...) ((lambda (n ...) body ...) v ...))))
(my-let ((a 1) (b 2)) (+ a b)) ;=> 3
(define-syntax ten-times (syntax-rules () ((_ e) (let loop ((i 0) (acc '())) (if (= i 3) acc (loop (+ i 1) (cons e acc)))))))
(let ((i 'user-i)) (ten-times i)) ;=> (user-i user-i user-i)
(define-syntax make-adder (syntax-rules () ((_ n) (lambda (x) (+ x n)))))
(let ((x 10)) ((make-adder x) 1)) ;=> 11
(define-syntax gen-macro (syntax-rules () ((_ name lit) (define-syntax name (syntax-rules (lit) ((_ lit) 'matched) ((_ other) 'not))))))
(gen-macro check-foo foo)
(check-foo foo) ;=> matched
(check-foo bar) ;=> not
(define-syntax outer-m (syntax-rules () ((_ v) (let-syntax ((inner (syntax-rules () ((_) v)))) (inner)))))
(outer-m 42) ;=> 42
(define-syntax cond-like (syntax-rules (else) ((_ (else e)) e) ((_ (c e) rest ...) (if c e (cond-like rest ...)))))
(cond-like (#f 1) (else 2)) ;=> 2
(define-syntax push! (syntax-rules () ((_ item place) (set! place (cons item place)))))
(define stack '())
(push! 1 stack) (push! 2 stack)
stack ;=> (2 1)
(define-syntax my-begin (syntax-rules () ((_ e ...) ((lambda () e ...)))))
(my-begin (define zz 3) (* zz 2)) ;=> 6
(define-syntax for (syntax-rules (in) ((_ x in lst body ...) (for-each (lambda (x) body ...) lst))))
(define total 0)
(for y in '(1 2 3) (set! total (+ total y)))
total ;=> 6
(define-syntax quoted-ellipsis (syntax-rules () ((_ (a b ...) ...) '((a . (b ...)) ...))))
(quoted-ellipsis (1 2 3) (4)) ;=> ((1 2 3) (4))
(define-syntax vec-tmpl (syntax-rules () ((_ a ...) #(a ... end))))
(vec-tmpl 1 2) ;=> #(1 2 end)
(define-syntax my-cond (syntax-rules (=>) ((_ (test => f)) (let ((v test)) (if v (f v) #f)))))
(my-cond ((assq 'b '((a 1) (b 2))) => cadr)) ;=> 2
(define-syntax swap-args (syntax-rules () ((_ f a b) (f b a))))
(swap-args - 1 10) ;=> 9
(define-syntax kons (syntax-rules () ((_ a b) (cons a b))))
(let ((cons list)) (kons 1 2)) ;=> (1 . 2)
(define (use-local-macro) (define-syntax twice (syntax-rules () ((_ e) (begin e e)))) (define n 0) (twice (set! n (+ n 1))) n)
(use-local-macro) ;=> 2
(define-syntax m-with-string (syntax-rules () ((_ "key" v) (list 'key v)) ((_ k v) (list 'other v))))
(m-with-string "key" 1) ;=> (key 1)
(define-syntax count-to (syntax-rules () ((_ () acc) acc) ((_ (x . xs) acc) (count-to xs (+ 1 acc)))))
(count-to (a b c) 0) ;=> 3
(letrec-syntax ((my-and (syntax-rules () ((_) #t) ((_ e) e) ((_ e1 e2 ...) (if e1 (my-and e2 ...) #f))))) (my-and 1 2 3)) ;=> 3
(define-syntax while2 (syntax-rules () ((_ cond body ...) (let loop () (if cond (begin body ... (loop)) #f)))))
(define n2 0)
(while2 (< n2 3) (set! n2 (+ n2 1)))
n2 ;=> 3
(define-syntax dotted-tmpl (syntax-rules () ((_ a b) '(a . b))))
(dotted-tmpl 1 2) ;=> (1 . 2)
(define-syntax ell-after-dot (syntax-rules () ((_ (a ...) . rest) '(rest a ...))))
(ell-after-dot (1 2) 3 4) ;=> ((3 4) 1 2)
