;; Value errors of the numeric procedures are catchable conditions with clear messages.
(define (message-of thunk)
  (guard (e ((error-object? e) (error-object-message e))) (thunk)))
(message-of (lambda () (/ 1 0))) ;=> "/: division by zero"
(message-of (lambda () (/ 1/2 0))) ;=> "/: division by zero"
(message-of (lambda () (quotient 1 0))) ;=> "quotient: division by zero"
(message-of (lambda () (modulo 1.0 0))) ;=> "modulo: division by zero"
(message-of (lambda () (expt 0 -1))) ;=> "expt: division by zero (0 to a negative power)"
(message-of (lambda () (sqrt -4))) ;=> "sqrt: the result for -4 is not a real number (complex numbers are not supported)"
(message-of (lambda () (log -1))) ;=> "log: the result for -1 is not a real number (complex numbers are not supported)"
(message-of (lambda () (asin 2))) ;=> "asin: the result for 2 is not a real number (complex numbers are not supported)"
(message-of (lambda () (exact +inf.0))) ;=> "exact: +inf.0 has no exact value"
(message-of (lambda () (number->string 1.5 16))) ;=> "number->string: inexact numbers can only be written in radix 10, got radix 16"
(message-of (lambda () (+ 1 "a"))) ;=> "+: expected a number, got \"a\""
(message-of (lambda () (< 1 'x))) ;=> "<: expected a real number, got x"
(message-of (lambda () (odd? 1.5))) ;=> "odd?: expected an integer, got 1.5"
(message-of (lambda () (exact-integer-sqrt -1))) ;=> "exact-integer-sqrt: expected an exact non-negative integer, got -1"
(message-of (lambda () (number->string 10 1))) ;=> "number->string: expected a radix (an exact integer from 2 to 36), got 1"
;; Uncaught, the error ends the evaluation with its type and position.
;;! status: error
;;! error: division_by_zero 22:6
(+ 1 (/ 5 0))
