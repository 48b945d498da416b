;; string->number of a digit string past the integer-size bound (demo: 1000 digits) is refused before conversion.
;;! demo
;;! status: limit_exceeded
;;! error: integer_too_large
(define (f) (string->number (make-string 2000 #\9)))
(f)
