;;! status: error
;;! error: wrong_type
;;! message: apply: expected a list, got 3
(apply + 1 2 3)
