;; Output written before the exit is kept, including from the exiting form itself, which has
;; no entry in results.
;;! exit-code: 3
;;! stdout: hi there
;;! results: 1
(display "hi")
(begin (display " there") (exit 3) (display " never"))
