;;! status: error
;;! error: user_error
;;! message: uncaught raise: boom
(with-exception-handler (lambda (e) 0) (lambda () (raise (quote boom))))
