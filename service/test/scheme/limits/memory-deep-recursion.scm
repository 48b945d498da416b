;;! status: limit_exceeded
;;! error: memory_limit
(define (f n) (+ 1 (f (+ n 1))))
(f 0)
