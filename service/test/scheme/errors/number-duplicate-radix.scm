;; Two radix prefixes are not a number (R7RS 7.1.1: at most one <radix R>).
;;! status: error
;;! error: syntax_error 5:9
;;! message: bad number #x#x1: two radix prefixes (#x and #x); use at most one of #x #o #b #d
(list 1 #x#x1)
