;; (exit 3): an abnormal exit is reported as user_error at the exit call.
;;! status: error
;;! error: user_error 5:13
;;! message: exit: the program exited with status 3
(define (f) (exit 3))
(display "x") (f)
(display "never")
