;; (exit #t) is success: code 0.
;;! exit-code: 0
(exit #t)
