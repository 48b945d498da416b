;; A string escape naming a surrogate is a read error: the program never runs.
;;! status: error
;;! error: syntax_error 5:13
;;! message: not a Unicode scalar value: #xd800
(define s "a\xD800;b")
