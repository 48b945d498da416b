;; Under the API limits a huge iota hits the memory bound before the step limit.
;;! status: limit_exceeded
;;! error: memory_limit 5:1
(import (srfi 1))
(length (iota 100000000))
