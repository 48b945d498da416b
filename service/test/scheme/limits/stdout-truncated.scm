;;! stdout-truncated
;; Output past the bound is cut; the program continues and its value is reported.
(define (spam n) (when (> n 0) (display "0123456789") (spam (- n 1))))
(spam 100000)
(+ 1 2) ;=> 3
