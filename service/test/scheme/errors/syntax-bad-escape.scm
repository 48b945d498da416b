;;! status: error
;;! error: syntax_error 3:14
(define s "ab\qc")
