;; (exit #f) is failure: code 1, and the status is still ok.
;;! exit-code: 1
;;! status: ok
(exit #f)
