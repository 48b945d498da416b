;; String and bytevector ports, and output to stdout.
;;! stdout: hello "hello"\n(1 two 3)λ#0=(1 . #0#)(#0=(x) #0#)ABerr
(display "hello")
(write-char #\space)
(write "hello")
(newline)
(display '(1 "two" #\3))
(write-string "λ")
(define c (list 1))
(set-cdr! c c)
(write c)
(define s (list 'x))
(write-shared (list s s))
(write-u8 65)
(write-bytevector #u8(66))
(display "err" (current-error-port))
(define p (open-input-string "hi (1 2) there\nsecond line"))
(read-char p) ;=> #\h
(peek-char p) ;=> #\i
(read-char p) ;=> #\i
(read p) ;=> (1 2)
(read-line p) ;=> " there"
(read-line p) ;=> "second line"
(read-line p) ;=> #<eof>
(eof-object? (read-char p)) ;=> #t
(read-string 3 (open-input-string "abcdef")) ;=> "abc"
(define o (open-output-string))
(write 'sym o)
(display " and " o)
(write "str" o)
(get-output-string o) ;=> "sym and \"str\""
(define bo (open-output-bytevector))
(write-u8 1 bo)
(write-bytevector #u8(2 3) bo)
(get-output-bytevector bo) ;=> #u8(1 2 3)
(define bi (open-input-bytevector #u8(7 8)))
(read-u8 bi) ;=> 7
(peek-u8 bi) ;=> 8
(read-u8 bi) ;=> 8
(read-u8 bi) ;=> #<eof>
(input-port? p) ;=> #t
(output-port? o) ;=> #t
(textual-port? bo) ;=> #f
(binary-port? bo) ;=> #t
(close-port p)
(input-port-open? p) ;=> #f
(open-input-string "x") ;=> #<input-port string>
(current-output-port) ;=> #<output-port stdout>
(eof-object) ;=> #<eof>
(read-char) ;=> #<eof>
