;; The demo reaches its 1,000,000-step bound well before its 500 ms deadline.
;;! demo
;;! status: limit_exceeded
;;! error: step_limit
(define (count n) (if (= n 0) (quote done) (count (- n 1))))
(count 10000000)
