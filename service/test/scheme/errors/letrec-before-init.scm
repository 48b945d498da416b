;;! status: error
;;! error: unbound_variable
(letrec ((a b) (b 1)) a)
