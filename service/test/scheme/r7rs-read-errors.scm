;; `read` from a string port (R7RS 6.13.2): malformed text raises an error object that satisfies
;; read-error?, catchable like any other error; empty text is the end of file, not an error.
(define (read-string-port s) (read (open-input-string s)))
(define (read-failure s)
  (guard (e ((read-error? e) (list 'read-error (error-object-message e)))
            (#t (list 'other-error e)))
    (read-string-port s)))
(read-failure "(1 2") ;=> (read-error "missing ) to close this list")
(read-failure ")") ;=> (read-error "unexpected )")
(read-failure "#\\nosuchname") ;=> (read-error "unknown character name #\\nosuchname")
(read-failure "\"abc") ;=> (read-error "unterminated string")
(read-failure "\"\\xD800;\"") ;=> (read-error "not a Unicode scalar value: #xd800")
(read-failure "#\\xDFFF") ;=> (read-error "not a Unicode scalar value: #xdfff")
(read-failure "#\\x110000") ;=> (read-error "not a Unicode scalar value: #x110000")
(error-object? (guard (e (#t e)) (read-string-port "(1 2"))) ;=> #t
(call/cc (lambda (k) (with-exception-handler (lambda (e) (k (read-error? e))) (lambda () (read-string-port "(1 2"))))) ;=> #t
(guard (e ((file-error? e) 'file) ((read-error? e) 'read)) (read-string-port ")")) ;=> read
(eof-object? (read-string-port "")) ;=> #t
(eof-object? (read-string-port "   ; only a comment\n")) ;=> #t
;; The port reads on after a good datum, then reports end of file.
(define p (open-input-string "(1 2) x"))
(list (read p) (read p) (eof-object? (read p))) ;=> ((1 2) x #t)
