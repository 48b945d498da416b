;;! status: error
;;! error: not_a_procedure
;;! message: not a procedure: (1 2)
((list 1 2) 0)
