;; A character literal naming a surrogate is a read error.
;;! status: error
;;! error: syntax_error 5:1
;;! message: not a Unicode scalar value: #xdfff
#\xDFFF
