;;! status: error
;;! error: unbound_variable
(set! never-defined 1)
