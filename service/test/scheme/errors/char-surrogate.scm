;; Characters are Unicode scalar values (R7RS 6.6): a surrogate code point is refused.
;;! status: error
;;! error: wrong_type 5:1
;;! message: integer->char: 55296 is not a Unicode scalar value (0 to #x10FFFF, excluding #xD800 to #xDFFF)
(integer->char #xD800)
