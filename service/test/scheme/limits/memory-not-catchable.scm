;;! status: limit_exceeded
;;! error: memory_limit
(with-exception-handler (lambda (e) 0) (lambda () (let grow ((l (list 1))) (grow (append l l)))))
