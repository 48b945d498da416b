;; R7RS 7.1.1 numeric syntax for real numbers, one line per claim (6.2.5 exactness, 6.2.6 the
;; standard flonum names, 6.2.7 string->number / number->string). Complex syntax is not part of
;; this interpreter: see errors/complex-unsupported.scm and docs/numbers.md.
;; Radix and exactness prefixes, in either order (7.1.1 <prefix R>).
#x#e1F ;=> 31
#e#x1F ;=> 31
#b#i101 ;=> 5.0
#i#b101 ;=> 5.0
#o#e17 ;=> 15
#d#i10 ;=> 10.0
#X#E1f ;=> 31
(exact? #x#e1F) ;=> #t
(inexact? #i#b101) ;=> #t
;; #e and #i on decimals and rationals (6.2.5).
#e1.2e3 ;=> 1200
(exact-integer? #e1.2e3) ;=> #t
#e1.5 ;=> 3/2
#e.5 ;=> 1/2
#e-2.5e-3 ;=> -1/400
#i3/4 ;=> 0.75
#i1/3 ;=> 0.3333333333333333
#i-1/3 ;=> -0.3333333333333333
(= #e1e400 (expt 10 400)) ;=> #t
(exact? #e1e400) ;=> #t
;; Exponents, either case, signed; a leading point.
1e3 ;=> 1000.0
1E3 ;=> 1000.0
-2.5e-3 ;=> -0.0025
.5e1 ;=> 5.0
+1.5E+2 ;=> 150.0
(inexact? 1e3) ;=> #t
;; The flonum names (6.2.4).
+inf.0 ;=> +inf.0
-inf.0 ;=> -inf.0
+nan.0 ;=> +nan.0
-nan.0 ;=> +nan.0
(nan? -nan.0) ;=> #t
#i+inf.0 ;=> +inf.0
;; string->number is #f on anything that is not a number, never an error (6.2.7).
(string->number "") ;=> #f
(string->number "+") ;=> #f
(string->number "-") ;=> #f
(string->number ".") ;=> #f
(string->number "1/0") ;=> #f
(string->number "-1/0") ;=> #f
(string->number "#i1/0") ;=> #f
(string->number "1e") ;=> #f
(string->number "1e+") ;=> #f
(string->number "e1") ;=> #f
(string->number "#x") ;=> #f
(string->number "#xg") ;=> #f
(string->number "#x1.5") ;=> #f
(string->number "1.2.3") ;=> #f
(string->number "abc") ;=> #f
(string->number "#x#x1") ;=> #f
(string->number "#e#i1") ;=> #f
(string->number "#i#e1") ;=> #f
(string->number "#e+inf.0") ;=> #f
(string->number "#e+nan.0") ;=> #f
(string->number "#q1") ;=> #f
(string->number "#") ;=> #f
(string->number "1+2i") ;=> #f
(string->number "+i") ;=> #f
(string->number " 1") ;=> #f
;; string->number accepts every claim above as text too.
(string->number "#x#e1F") ;=> 31
(string->number "#i#b101") ;=> 5.0
(string->number "#e1.2e3") ;=> 1200
(string->number "#e.5") ;=> 1/2
(string->number "#i1/3") ;=> 0.3333333333333333
(string->number "-2.5e-3") ;=> -0.0025
(string->number "-nan.0") ;=> +nan.0
;; A radix argument; a prefix in the text overrides it.
(string->number "ff" 16) ;=> 255
(string->number "-ff/a" 16) ;=> -51/2
(string->number "#b101" 16) ;=> 5
(string->number "#d10" 2) ;=> 10
(string->number "2" 2) ;=> #f
(string->number "1.5" 16) ;=> #f
;; number->string with a radix reads back with the same radix.
(number->string 255 16) ;=> "ff"
(number->string -255 2) ;=> "-11111111"
(number->string 1/3 3) ;=> "1/10"
(number->string -7/8 8) ;=> "-7/10"
(string->number (number->string -255 2) 2) ;=> -255
(string->number (number->string 1/3 3) 3) ;=> 1/3
(let ((n (expt 3 200))) (= n (string->number (number->string n 16) 16))) ;=> #t
(number->string 1.5 10) ;=> "1.5"
(number->string #e1.2e3) ;=> "1200"
