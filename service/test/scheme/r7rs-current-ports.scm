;; R7RS 6.13.1: the current ports are parameter objects; parameterize redirects output and input.
;;! stdout: visible top
(define out (open-output-string))
(parameterize ((current-output-port out)) (display "hi") (write 'x) (newline) (write-char #\c) (write-string "s") (format #t "~a!" 1))
(get-output-string out) ;=> "hix\ncs1!"
(display "visible ")
(parameterize ((current-input-port (open-input-string "42 (a) z"))) (list (read) (read) (read-char) (read-char) (eof-object? (peek-char)))) ;=> (42 (a) #\space #\z #t)
(parameterize ((current-error-port out)) (display "e" (current-error-port)))
(get-output-string out) ;=> "hix\ncs1!e"
(current-output-port) ;=> #<output-port stdout>
(let ((k #f) (o2 (open-output-string))) (parameterize ((current-output-port o2)) (display "a") (call/cc (lambda (c) (set! k c))) (display "b")) (display "top") (get-output-string o2)) ;=> "ab"
(define bo (open-output-bytevector))
(parameterize ((current-output-port bo)) (write-u8 65) (write-bytevector #u8(66 67)))
(get-output-bytevector bo) ;=> #u8(65 66 67)
(with-output-to-string (lambda () (display "x") (write "y"))) ;=> "x\"y\""
(call-with-output-string (lambda (p) (write 'sym p))) ;=> "sym"
(call-with-port (open-input-string "abc") read-char) ;=> #\a
(let ((p (open-input-string "x"))) (call-with-port p read-char) (input-port-open? p)) ;=> #f
(guard (e ((error-object? e) (error-object-message e))) (parameterize ((current-output-port 5)) (display 1))) ;=> "display: the current port is not a textual output port: 5"
