;; format builds its string whole or fails with memory_limit past 16 Mi characters (the bound
;; of a string port); it never returns a string cut short with status ok.
;;! status: limit_exceeded
;;! error: memory_limit
;;! message: format: the formatted text is longer than 16777216 characters
(define s (make-string 9000000 #\a))
(string-length (format #f "~a~a" s s))
