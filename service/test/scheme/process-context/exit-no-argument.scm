;; (exit) ends the program with code 0; forms before it keep their results, the exiting form
;; has none, and nothing after it runs.
;;! exit-code: 0
;;! stdout: a
;;! results: 2
(+ 1 2) ;=> 3
(display "a")
(exit)
(display "never")
