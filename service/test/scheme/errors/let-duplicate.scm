;; A name bound twice by one let is a syntax error (R7RS 4.2.2).
;;! status: error
;;! error: syntax_error 6:1
;;! message: let: duplicate binding x
(define y 1)
(let ((x 1) (x 2)) x)
