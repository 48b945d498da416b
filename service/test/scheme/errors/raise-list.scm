;;! status: error
;;! error: user_error
;;! message: uncaught raise: (my-error "x")
(raise (list (quote my-error) "x"))
