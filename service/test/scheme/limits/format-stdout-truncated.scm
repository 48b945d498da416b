;; format to stdout is cut by the output cap like display, and flagged.
;;! stdout-truncated
(format #t "~a" (make-string 3000000 #\a))
(+ 1 2) ;=> 3
