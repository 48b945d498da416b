;;! status: error
;;! error: division_by_zero 4:6
;;! status: error
(+ 1 (quotient 10 0))
