;;! status: error
;;! error: syntax_error 3:8
(+ 1 2))
