;; R7RS 6.12: eval in the program's environment.
(eval '(* 7 3) (scheme-report-environment 5)) ;=> 21
(let ((f (eval '(lambda (f x) (f x x)) (null-environment 5)))) (f + 10)) ;=> 20
(eval '(expt 2 10) (environment '(scheme base))) ;=> 1024
(eval '(+ (expt 2 10) (sin 0)) (environment '(scheme base) '(scheme inexact))) ;=> 1024.0
(eval '(define zz 42) (interaction-environment))
zz ;=> 42
(eval '(begin (define-syntax twice (syntax-rules () ((_ x) (* x 2)))) (twice 21)) (interaction-environment)) ;=> 42
(twice 5) ;=> 10
(define (inc-via-eval x) (eval `(+ ,x 1) (interaction-environment)))
(+ 100 (inc-via-eval 1)) ;=> 102
(guard (e ((error-object? e) (error-object-message e))) (eval '(if) (interaction-environment))) ;=> "if: bad syntax"
(guard (e ((error-object? e) (error-object-message e))) (eval '(car 1) (interaction-environment))) ;=> "car: expected a pair, got 1"
(call/cc (lambda (k) (eval `(,k 'escaped) (interaction-environment)))) ;=> escaped
(interaction-environment) ;=> #<environment>
