;;! status: error
;;! error: wrong_type
;;! message: vector-ref: expected a vector, got 1
(guard (e ((string? e) (quote no))) (vector-ref 1 0))
