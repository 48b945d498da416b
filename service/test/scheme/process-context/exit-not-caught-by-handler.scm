;; with-exception-handler does not see exit either.
;;! exit-code: 6
;;! stdout: 
(with-exception-handler
  (lambda (e) (display "handler") 0)
  (lambda () (+ 1 (exit 6))))
(display "never")
