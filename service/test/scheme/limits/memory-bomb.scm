;;! status: limit_exceeded
;;! error: memory_limit
(define (grow l) (grow (append l l (list 1))))
(grow (list 1))
