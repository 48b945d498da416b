;; Characters are Unicode scalar values; no string can hold a lone surrogate (R7RS 6.6, 6.7).
(define (refused thunk) (guard (e ((error-object? e) 'refused)) (thunk)))
(refused (lambda () (integer->char #xD800))) ;=> refused
(refused (lambda () (integer->char #xDBFF))) ;=> refused
(refused (lambda () (integer->char #xDC00))) ;=> refused
(refused (lambda () (integer->char #xDFFF))) ;=> refused
(refused (lambda () (integer->char #x110000))) ;=> refused
(char->integer (integer->char #xD7FF)) ;=> 55295
(char->integer (integer->char #xE000)) ;=> 57344
(char->integer (integer->char #x10FFFF)) ;=> 1114111
;; Invalid UTF-8 (here the encoding of a surrogate, and a stray #xFF) decodes to U+FFFD.
(utf8->string (bytevector #xED #xA0 #x80)) ;=> "���"
(utf8->string (bytevector #xFF #x41)) ;=> "�A"
(map char->integer (string->list (utf8->string (bytevector #xED #xB0 #x80)))) ;=> (65533 65533 65533)
(string->utf8 (string (integer->char #x1F600))) ;=> #u8(240 159 152 128)
