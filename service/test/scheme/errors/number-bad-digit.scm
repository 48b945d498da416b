;; A digit outside the radix, or a decimal point outside radix 10.
;;! status: error
;;! error: syntax_error 5:1
;;! message: bad number #x1.5: expected an integer or n/d (decimals are radix 10 only) in radix 16 (digits 0-9 a-f)
#x1.5
