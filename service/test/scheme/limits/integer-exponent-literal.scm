;;! status: limit_exceeded
;;! error: integer_too_large 5:1
;;! results: 0
;; An exact literal with a huge exponent is refused from the exponent alone, not computed.
#e1e100000000
