;; Large integers below the bound keep every digit.
(define (fact n) (if (= n 0) 1 (* n (fact (- n 1)))))
(fact 30) ;=> 265252859812191058636308480000000
(string-length (number->string (expt 7 5000))) ;=> 4226
