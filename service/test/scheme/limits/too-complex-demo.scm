;;! demo
;;! status: limit_exceeded
;;! error: too_complex 10:1
;;! results: 0
(display "never runs")
(define (f x) (list (list (list x))))
(f (f (f (f (f (f (f (f (f (f (f (f (f (f (f (f (f (f (f (f 1))))))))))))))))))))
(list (list (list (list (list (list (list (list (list (list (list (list (list (list (list (list 1))))))))))))))))
(vector (list 1 2) (list 3 4) (list 5 6) (list 7 8) (list 9 10))
(vector (list 1 2) (list 3 4) (list 5 6) (list 7 8) (list 9 10))
