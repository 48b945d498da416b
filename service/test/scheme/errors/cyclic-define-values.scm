;; define-values over a circular formals list: the repeated name is caught.
;;! status: error
;;! error: syntax_error 5:1
;;! message: define-values: duplicate name a
(define-values #0=(a b . #0#) 1)
