;;! status: error
;;! error: wrong_type 5:3
;;! message: +: expected a number, got "a"
(define (f x)
  (+ x 1))
(f "a")
