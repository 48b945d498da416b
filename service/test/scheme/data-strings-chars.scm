;; Strings, characters and symbols (R7RS 6.5-6.7). Indexes count code points.
(string-length "a😀b") ;=> 3
(string-ref "a😀b" 1) ;=> #\😀
(make-string 3 #\x) ;=> "xxx"
(string #\a #\b) ;=> "ab"
(define s (make-string 3 #\a))
(string-set! s 1 #\λ)
s ;=> "aλa"
(substring "hello" 1 3) ;=> "el"
(string-append "ab" "" "c") ;=> "abc"
(string-copy "hello" 2) ;=> "llo"
(define t (string-copy "abcde"))
(string-copy! t 1 "XY")
t ;=> "aXYde"
(string-fill! t #\- 3)
t ;=> "aXY--"
(string->list "abc") ;=> (#\a #\b #\c)
(list->string '(#\x #\y)) ;=> "xy"
(string->vector "ab") ;=> #(#\a #\b)
(vector->string #(#\a #\b)) ;=> "ab"
(string=? "a" "a" "a") ;=> #t
(string<? "abc" "abd") ;=> #t
(string<? "b" "a") ;=> #f
(string-ci=? "Hello" "hELLO") ;=> #t
(string-upcase "straße") ;=> "STRASSE"
(string-downcase "ÀB") ;=> "àb"
(string-foldcase "ABC") ;=> "abc"
"tab\there \"quoted\" back\\slash\nnew" ;=> "tab\there \"quoted\" back\\slash\nnew"
(string #\x7) ;=> "\a"
(string #\x1) ;=> "\x01;"
;; Literals are immutable.
(guard (e (#t (error-object-message e))) (string-set! "abc" 0 #\z)) ;=> "string-set!: cannot modify a literal string; copy it first (e.g. with string-copy)"
(guard (e (#t (error-object-message e))) (string-ref "abc" 3)) ;=> "string-ref: index 3 out of range for a string of length 3"
(guard (e (#t (error-object-message e))) (substring "abc" 2 1)) ;=> "substring: start 2 is past end 1 (a string of length 3)"
;; Characters.
#\a ;=> #\a
#\space ;=> #\space
#\newline ;=> #\newline
(integer->char 0) ;=> #\null
(integer->char 127) ;=> #\delete
(integer->char 31) ;=> #\x1f
(char->integer #\A) ;=> 65
(char<? #\a #\b #\c) ;=> #t
(char-ci=? #\a #\A) ;=> #t
(char-alphabetic? #\λ) ;=> #t
(char-numeric? #\7) ;=> #t
(char-whitespace? #\tab) ;=> #t
(char-upper-case? #\A) ;=> #t
(char-lower-case? #\A) ;=> #f
(digit-value #\7) ;=> 7
(digit-value #\z) ;=> #f
(char-upcase #\a) ;=> #\A
(char-downcase #\A) ;=> #\a
(char-foldcase #\A) ;=> #\a
;; Symbols print with bars when they would not read back as themselves.
(symbol->string 'abc) ;=> "abc"
(string->symbol "hello world") ;=> |hello world|
(string->symbol "") ;=> ||
(string->symbol "42") ;=> |42|
(string->symbol "Hello") ;=> Hello
(symbol=? 'a 'a (string->symbol "a")) ;=> #t
(symbol? 'a) ;=> #t
(symbol? "a") ;=> #f
