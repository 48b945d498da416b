;;! status: timeout
;;! error: timeout
;;! timeout-ms: 200
(define (spin) (spin))
(spin)
