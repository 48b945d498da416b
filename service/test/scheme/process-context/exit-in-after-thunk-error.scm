;; An error raised by an after thunk during exit is an ordinary uncaught error: the program
;; did not get to exit, so there is no exit_code.
;;! status: error
;;! error: user_error
;;! stdout: body 
(dynamic-wind (lambda () #f) (lambda () (display "body ") (exit 1)) (lambda () (error "after failed")))
