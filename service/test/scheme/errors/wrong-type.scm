;;! status: error
;;! error: wrong_type 4:14
;;! message: car: expected a pair, got 5
(define x (+ (car 5) 1))
