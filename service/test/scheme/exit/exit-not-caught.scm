;; guard does not catch exit.
;;! stdout: 
(guard (e (#t (display "caught"))) (exit 0))
