;;! status: error
;;! error: arity_mismatch 5:1
;;! message: f: expected 2 arguments, got 3
(define (f a b) a)
(f 1 2 3)
