;; A huge iota is stopped by the step limit (demo limits), never hangs.
;;! demo
;;! status: limit_exceeded
;;! error: step_limit 6:1
(import (srfi 1))
(length (iota 100000000))
