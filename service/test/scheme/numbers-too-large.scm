;; The integer-size bound is checked from bit lengths before the work: this fails at once.
;;! status: limit_exceeded
;;! error: integer_too_large
;;! timeout-ms: 1000
(define ok (expt 10 9000))
(string-length (number->string ok)) ;=> 9001
(guard (e (#t 'caught)) (expt 10 100000000))
