;; An uncaught read error from a string port: the error is the reader's syntax_error, at the call.
;;! status: error
;;! error: syntax_error 5:1
;;! message: missing ) to close this list
(read (open-input-string "(1 2"))
