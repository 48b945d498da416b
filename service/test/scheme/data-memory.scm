;; Allocation is charged before it happens: a huge vector is a memory_limit, not a crash.
;;! status: limit_exceeded
;;! error: memory_limit
(define v (make-vector 1000000000 0))
