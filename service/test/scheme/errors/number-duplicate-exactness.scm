;; Two exactness prefixes are not a number (R7RS 7.1.1: at most one <exactness>).
;;! status: error
;;! error: syntax_error 5:4
;;! message: bad number #e#i1: two exactness prefixes (#e and #i); use at most one of #e #i
(+ #e#i1 1)
