;; A case clause's data must be a list.
;;! status: error
;;! error: syntax_error 5:1
;;! message: bad syntax in case: a clause's data: expected a proper list
(case 1 (1 'one) (else 'other))
