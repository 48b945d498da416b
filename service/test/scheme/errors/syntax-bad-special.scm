;;! status: error
;;! error: syntax_error
;;! results: 1
(define ok 1)
(if)
