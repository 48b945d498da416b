;;! status: limit_exceeded
;;! error: memory_limit
(define v (make-vector 1000000000 0))
