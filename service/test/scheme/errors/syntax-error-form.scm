;;! status: error
;;! error: syntax_error 7:1
;;! message: must-pair: expected a pair, got 5
;;! results: 1
(define-syntax must-pair
  (syntax-rules () ((_ (a b)) 'ok) ((_ x) (syntax-error "must-pair: expected a pair, got" x))))
(must-pair 5)
