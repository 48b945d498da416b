;; Short-lived garbage in a long loop never trips the memory bound.
(define (churn n) (if (= n 0) (quote ok) (begin (make-vector 1000 n) (churn (- n 1)))))
(churn 100000) ;=> ok
