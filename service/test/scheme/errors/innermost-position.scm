;;! status: error
;;! error: wrong_type 6:6
;;! message: car: expected a pair, got 5
;; The innermost failing expression is reported, even after a call returns into it.
(define (f x) x)
(+ 1 (car (f 5)))
