;;! status: error
;;! error: arity_mismatch 4:1
;;! message: car: expected 1 argument, got 2
(car (list 1) 2)
