;; At most 50 compound expressions is fine for the demo.
;;! demo
(define (f x) (* x 2))
(f 21) ;=> 42
