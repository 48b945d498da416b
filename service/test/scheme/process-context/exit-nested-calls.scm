;; exit deep inside nested (non-tail) calls and a map ends the whole program at once.
;;! exit-code: 9
;;! stdout: 3 2 1 
;;! results: 3
(define (count-down n) (if (= n 0) (exit 9) (begin (display n) (display " ") (+ 1 (count-down (- n 1))))))
(define xs (map (lambda (x) (* x 10)) '(1 2 3)))
xs ;=> (10 20 30)
(map (lambda (x) (count-down x)) '(3 4))
'never
