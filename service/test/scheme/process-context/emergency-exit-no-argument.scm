;; (emergency-exit) with no argument is success, 0.
;;! exit-code: 0
(emergency-exit)
