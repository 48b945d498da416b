;;! status: error
;;! error: user_error 4:1
;;! message: uncaught raise: 42
(raise 42)
