;; exit runs the pending dynamic-wind after thunks, innermost first, outermost last.
;;! exit-code: 4
;;! stdout: in1 in2 body out2 out1
(dynamic-wind
  (lambda () (display "in1 "))
  (lambda ()
    (dynamic-wind
      (lambda () (display "in2 "))
      (lambda () (display "body ") (exit 4) (display "never "))
      (lambda () (display "out2 "))))
  (lambda () (display "out1")))
