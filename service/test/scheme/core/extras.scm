;;! stdout: 1 + "x" = 42\n
;; Common non-R7RS conveniences: format, cons-stream (SICP), assert.
(format #t "~a + ~s = ~d~%" 1 "x" 42)
(format #f "~x|~b|~o|~~" 255 5 8) ;=> "ff|101|10|~"
(format "~a and ~s" 'sym "str") ;=> "sym and \"str\""
(define (ints n) (cons-stream n (ints (+ n 1))))
(stream-car (stream-cdr (stream-cdr (ints 0)))) ;=> 2
(stream-null? the-empty-stream) ;=> #t
(assert (= 1 1)) ;=> #t
(guard (e (#t (error-object-message e))) (assert (= 1 2))) ;=> "assertion failed:"
(guard (e (#t (error-object-message e))) (format #f "~a ~a" 1)) ;=> "format: ~a has no argument left"
(guard (e (#t (list (error-object-message e) (error-object-irritants e)))) (assert (= 1 2) "one is not two:" 1 2)) ;=> ("one is not two:" (1 2))
