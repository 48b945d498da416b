;; +inf.0 and +nan.0 have no exact value, so #e cannot apply to them.
;;! status: error
;;! error: syntax_error 5:1
;;! message: bad number #e+inf.0: +inf.0 has no exact value; write +inf.0 without #e
#e+inf.0
