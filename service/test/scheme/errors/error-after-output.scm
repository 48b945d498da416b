;;! status: error
;;! error: wrong_type
;;! stdout: before\n
;;! results: 1
(display "before\n")
(vector-ref (vector 1 2) 2)
