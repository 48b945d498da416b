;; SRFI 1 names beyond the always-present few are bound only by (import (srfi 1)).
;;! status: error
;;! error: unbound_variable 6:1
;;! message: unbound variable: take
(import (scheme base))
(take '(1 2 3) 1)
