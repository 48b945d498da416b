;; guard, with-exception-handler, raise, raise-continuable, error objects.
(guard (e (#t (list 'caught e))) (raise 'oops)) ;=> (caught oops)
(guard (e ((symbol? e) 'sym) ((string? e) 'str)) (raise "x")) ;=> str
(guard (e ((assq 'a e) => cdr) ((assq 'b e))) (raise (list (cons 'a 42)))) ;=> 42
(guard (e ((assq 'a e) => cdr) ((assq 'b e))) (raise (list (cons 'b 23)))) ;=> (b . 23)
(guard (e (else 'fallback)) (error "boom")) ;=> fallback
(guard (e ((error-object? e) (list (error-object-message e) (error-object-irritants e)))) (error "bad thing:" 1 'two "three")) ;=> ("bad thing:" (1 two "three"))
(with-exception-handler (lambda (e) 10) (lambda () (+ 1 (raise-continuable 5)))) ;=> 11
(guard (e (#t (error-object-message e))) (car 5)) ;=> "car: expected a pair, got 5"
(guard (e ((error-object? e) (error-object-type e))) (vector-ref (vector 1) 5)) ;=> "wrong_type"
(guard (e (#t 'div)) (/ 1 0)) ;=> div
(guard (e (#t (error-object-message e))) (undefined-variable-here)) ;=> "unbound variable: undefined-variable-here"
(guard (e (#t (error-object-message e))) ((lambda (x) x))) ;=> "anonymous procedure: expected 1 argument, got 0"
(guard (e (#t (error-object-message e))) (5 5)) ;=> "not a procedure: 5"
;; A guard with no matching clause re-raises to the outer handler.
(guard (outer (#t (list 'outer outer))) (guard (inner ((string? inner) 'inner)) (raise 'sym))) ;=> (outer sym)
;; The reraise is raise-continuable in the original dynamic environment.
(with-exception-handler (lambda (e) 100) (lambda () (+ 1 (guard (e ((string? e) 0)) (raise-continuable 'x))))) ;=> 101
;; Handlers run with the outer handler installed.
(guard (e (#t (list 'outer e))) (with-exception-handler (lambda (e) (raise (list 'wrapped e))) (lambda () (raise 'inner)))) ;=> (outer (wrapped inner))
;; A handler returning from a non-continuable raise: the condition goes on outward.
(guard (e (#t (list 'seen e))) (with-exception-handler (lambda (e) 'ignored) (lambda () (raise 'again)))) ;=> (seen again)
(error-object? 5) ;=> #f
(read-error? 5) ;=> #f
(file-error? 5) ;=> #f
(guard (e ((string? e) e)) (dynamic-wind (lambda () #f) (lambda () (raise "through")) (lambda () #f))) ;=> "through"
;; guard body values are returned as multiple values.
(call-with-values (lambda () (guard (e (#t 0)) (values 1 2))) list) ;=> (1 2)
