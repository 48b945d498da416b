;; emergency-exit does not run the pending dynamic-wind after thunks.
;;! exit-code: 5
;;! stdout: in body 
(dynamic-wind
  (lambda () (display "in "))
  (lambda () (display "body ") (emergency-exit 5))
  (lambda () (display "out")))
