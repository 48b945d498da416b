;; Hygiene both ways, and shadowing of special-form and builtin names.
(define-syntax swap! (syntax-rules () ((_ a b) (let ((tmp a)) (set! a b) (set! b tmp)))))
(define tmp 1)
(define other 2)
(swap! tmp other)
(list tmp other) ;=> (2 1)
(define-syntax my-or2 (syntax-rules () ((_ a b) (let ((t a)) (if t t b)))))
(let ((t 5)) (my-or2 #f t)) ;=> 5
;; Free identifiers of a template mean their definition-site binding.
(define-syntax my-if (syntax-rules () ((_ c a b) (cond (c a) (else b)))))
(let ((else #f)) (my-if #f 1 2)) ;=> 2
(define-syntax make-list-of (syntax-rules () ((_ a ...) (list a ...))))
(let ((list vector)) (make-list-of 1 2)) ;=> (1 2)
(let ((if (lambda (a b c) 'user-if))) (my-or2 #f 7)) ;=> 7
(define x 10)
(define-syntax getx (syntax-rules () ((_) x)))
(let ((x 20)) (getx)) ;=> 10
;; User bindings shadow special forms and builtins.
(let ((if 1)) if) ;=> 1
(let ((quote (lambda (x) (* x 2)))) (quote 21)) ;=> 42
(define (f define) (+ define 1))
(f 1) ;=> 2
(let ((cond 3) (else 4)) (+ cond else)) ;=> 7
(define (list . xs) (cons 'mine xs))
(list 1 2) ;=> (mine 1 2)
(define (uses-list) (list 3))
(uses-list) ;=> (mine 3)
`(1 ,@(vector->list #(2 3))) ;=> (1 2 3)
(define (car x) 'my-car)
(car '(1 2)) ;=> my-car
(define-syntax first-of (syntax-rules () ((_ l) (car l))))
(first-of '(1 2)) ;=> my-car
(do ((i 0 (+ i 1))) ((= i 2) 'done)) ;=> done
(let loop ((i 0)) (if (= i 3) i (loop (+ i 1)))) ;=> 3
(define-record-type thing (make-thing a) thing? (a thing-a))
(thing-a (make-thing 'ok)) ;=> ok
