;; An (unquote) with no expression inside quasiquote is a syntax error (it used to recurse without end).
;;! status: error
;;! error: syntax_error 5:1
;;! message: unquote: expected exactly one expression
`(1 ,@(list 2) (unquote))
