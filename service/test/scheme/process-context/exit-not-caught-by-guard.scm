;; guard does not catch exit: it is not a raise. The after thunk inside the guard still runs.
;;! exit-code: 2
;;! stdout: out
(guard (e (#t (display "caught") 'caught))
  (dynamic-wind (lambda () #f) (lambda () (exit 2)) (lambda () (display "out"))))
(display "never")
