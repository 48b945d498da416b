;;! status: error
;;! error: syntax_error 6:1
;;! results: 0
(display "never runs")
(+ 1 2)
(car
