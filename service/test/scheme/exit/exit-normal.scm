;; (exit) ends the program normally after the pending dynamic-wind after thunks; later forms do not run.
;;! stdout: a[]
(define x 5)
x ;=> 5
(display "a")
(dynamic-wind (lambda () (display "[")) (lambda () (exit)) (lambda () (display "]")))
(display "never")
;;! results: 3
