;; (scheme process-context) in the sandbox: a fixed command line and no environment at all.
(import (scheme base) (scheme process-context))
(command-line) ;=> ("program")
(get-environment-variable "PATH") ;=> #f
(get-environment-variable "HOME") ;=> #f
(get-environment-variable "") ;=> #f
(get-environment-variables) ;=> ()
(guard (e (#t (error-object-message e))) (get-environment-variable 'PATH)) ;=> "get-environment-variable: expected a string, got PATH"
