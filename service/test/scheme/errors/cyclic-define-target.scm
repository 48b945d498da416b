;; Datum labels can make code circular: a define whose target is its own car is rejected, not looped on.
;;! status: error
;;! error: syntax_error 5:1
;;! message: define: bad syntax (circular or too deeply curried)
(define #0=(#0#) 1)
