;;! status: limit_exceeded
;;! error: integer_too_large
(define big (expt 10 9999))
(* big big)
