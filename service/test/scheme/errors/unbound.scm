;;! status: error
;;! error: unbound_variable 5:9
;;! message: unbound variable: undefined-thing
;;! results: 1
(+ 1 2) (display undefined-thing)
