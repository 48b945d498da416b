;;! status: error
;;! error: not_a_procedure 4:1
;;! message: not a procedure: 5
(5 3)
