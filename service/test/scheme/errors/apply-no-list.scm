;; R7RS 6.10: apply takes a procedure and a final list, so (apply +) is an arity error.
;;! status: error
;;! error: arity_mismatch 5:1
;;! message: apply: expected at least 2 arguments, got 1
(apply +)
