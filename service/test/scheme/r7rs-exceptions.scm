;; R7RS-small conformance: exceptions (our own cases, section by section of the report).
(with-exception-handler (lambda (e) 42) (lambda () (+ 1 (guard (e (#f 0)) (raise-continuable 'x))))) ;=> 43
(let ((log '())) (define (note x) (set! log (cons x log))) (guard (e (#t (note (list 'outer e)))) (dynamic-wind (lambda () (note 'in)) (lambda () (guard (e ((number? e) (note 'num))) (raise 'sym))) (lambda () (note 'out)))) (reverse log)) ;=> (in out (outer sym))
(let ((log '())) (define (note x) (set! log (cons x log))) (with-exception-handler (lambda (e) (note (list 'handler e)) 10) (lambda () (dynamic-wind (lambda () (note 'in)) (lambda () (note (guard (e ((number? e) (note 'num))) (+ 1 (raise-continuable 'sym))))) (lambda () (note 'out))))) (reverse log)) ;=> (in (handler sym) 11 out)
(guard (e (#t (list 'inner-handler-error (error-object-message e)))) (with-exception-handler (lambda (e) (error "in handler")) (lambda () (raise 'x)))) ;=> (inner-handler-error "in handler")
(with-exception-handler (lambda (e) (if (string? e) 1 2)) (lambda () (list (raise-continuable "a") (raise-continuable 'b)))) ;=> (1 2)
(guard (e ((symbol? e) (list 'sym e)) ((and (string? e) e) => string-length)) (raise "four")) ;=> 4
(guard (e ((memq e '(a b c)))) (raise 'b)) ;=> (b c)
(define (safe-div a b) (guard (e ((error-object? e) (error-object-message e))) (/ a b)))
(safe-div 1 0) ;=> "/: division by zero"
(guard (e ((error-object? e) (error-object-irritants e))) (error "x" 'a "b" 3)) ;=> (a "b" 3)
(with-exception-handler (lambda (e) 'h1) (lambda () (with-exception-handler (lambda (e) (raise-continuable (list 'h2 e))) (lambda () (raise-continuable 'v))))) ;=> h1
(with-exception-handler (lambda (e) (list 'outer e)) (lambda () (with-exception-handler (lambda (e) (raise-continuable (list 'inner e))) (lambda () (raise-continuable 'v))))) ;=> (outer (inner v))
(call/cc (lambda (k) (with-exception-handler (lambda (e) (k (list 'escaped e))) (lambda () (car 5))))) ;=> (escaped #<error "car: expected a pair, got 5">)
(guard (e (#t (error-object? e))) (raise (make-list 2))) ;=> #f
(guard (e ((string? e) (string-append "got " e))) (guard (e2 ((number? e2) e2)) (raise "str"))) ;=> "got str"
(let ((k #f) (n 0)) (guard (e (#t (set! n (+ n 1)))) (raise 'x)) n) ;=> 1
(guard (e (#t 'caught)) (error 'proc "message" 1 2)) ;=> caught
(guard (e (#t (error-object-message e))) (error 'proc "message" 1 2))
;; guard re-raises in the dynamic environment of the raise: the after/before thunks run again.
(let ((log '())) (guard (e (#t (set! log (cons 'outer log)))) (guard (e (#f 'no)) (dynamic-wind (lambda () (set! log (cons 'in log))) (lambda () (raise 'x)) (lambda () (set! log (cons 'out log)))))) (reverse log)) ;=> (in out in out outer)
