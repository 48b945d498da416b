;;! status: limit_exceeded
;;! error: integer_too_large
(define (f n) (f (* n n)))
(f 2)
