;;! status: limit_exceeded
;;! error: memory_limit
(define (grow s) (grow (string-append s s)))
(grow "abcdefgh")
