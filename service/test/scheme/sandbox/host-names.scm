;; JS property names are ordinary identifiers: nothing reaches a JS object or prototype.
(define __proto__ 5)
__proto__ ;=> 5
(define (constructor x) (* x 2))
(constructor 4) ;=> 8
(define toString 'ts)
toString ;=> ts
(define hasOwnProperty (lambda () 'own))
(hasOwnProperty) ;=> own
(let ((valueOf 1) (prototype 2)) (+ valueOf prototype)) ;=> 3
(define-record-type __proto__rec (make-rec __proto__ constructor) rec? (__proto__ rec-proto) (constructor rec-ctor))
(rec-proto (make-rec 1 2)) ;=> 1
(rec-ctor (make-rec 1 2)) ;=> 2
(symbol->string 'constructor) ;=> "constructor"
(string->symbol "__proto__") ;=> __proto__
(define-syntax toString (syntax-rules () ((_ x) (list 'str x))))
(toString 5) ;=> (str 5)
(assq '__proto__ '((__proto__ . 1))) ;=> (__proto__ . 1)
(guard (e (#t (error-object-message e))) globalThis) ;=> "unbound variable: globalThis"
(guard (e (#t (error-object-message e))) process) ;=> "unbound variable: process"
(guard (e (#t (error-object-message e))) require) ;=> "unbound variable: require"
;; Scheme eval runs Scheme in the same sandbox (it is not host eval).
(guard (e (#t (error-object-message e))) (eval '(+ 1 2) (environment '(scheme base)))) ;=> 3
(guard (e (#t (error-object-message e))) (load "x.scm")) ;=> "unbound variable: load"
(guard (e (#t (error-object-message e))) (open-input-file "/etc/passwd")) ;=> "unbound variable: open-input-file"
(get-environment-variable "HOME") ;=> #f
