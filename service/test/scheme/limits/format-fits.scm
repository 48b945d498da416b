;; Long format results come back whole (they used to be cut at 2 Mi characters).
(define s (make-string 3000000 #\a))
(string-length (format #f "~a" s)) ;=> 3000000
(string-length (format "~a~s" s s)) ;=> 6000002
(string-length (format #f "~a~a~a" s s s)) ;=> 9000000
(string-length (call-with-output-string (lambda (p) (parameterize ((current-output-port p)) (format #t "~a" s))))) ;=> 3000000
