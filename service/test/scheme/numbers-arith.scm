;; Generic arithmetic: exactness, rationals, bignums around 2^53, comparisons.
(+ 1 2) ;=> 3
(+) ;=> 0
(*) ;=> 1
(- 3) ;=> -3
(- 3 4 5) ;=> -6
(/ 3 4 5) ;=> 3/20
(/ 3) ;=> 1/3
(/ 6 3) ;=> 2
(/ 6 -4) ;=> -3/2
(+ 1/2 1/3) ;=> 5/6
(* 2/3 3/2) ;=> 1
(+ 1/2 0.5) ;=> 1.0
(* 0 1.5) ;=> 0.0
(+ 1 2.0) ;=> 3.0
(/ 1.0 0) ;=> +inf.0
(/ -1 0.0) ;=> -inf.0
(/ 0.0 0) ;=> +nan.0
(- 0.0) ;=> -0.0
;; Crossing 2^53 in both directions keeps every digit.
(+ 9007199254740991 1) ;=> 9007199254740992
(- -9007199254740991 1) ;=> -9007199254740992
(- 9007199254740992 1) ;=> 9007199254740991
(* 94906267 94906267) ;=> 9007199515875289
(* 4294967296 4294967296) ;=> 18446744073709551616
(exact? (- (expt 2 60) (expt 2 60))) ;=> #t
(quotient (expt 10 30) (expt 10 28)) ;=> 100
(let loop ((i 0) (acc 1)) (if (= i 30) acc (loop (+ i 1) (* acc 10)))) ;=> 1000000000000000000000000000000
(define (harmonic n) (if (= n 0) 0 (+ (/ 1 n) (harmonic (- n 1)))))
(harmonic 10) ;=> 7381/2520
;; Exact comparison between exact and inexact numbers.
(= 1 1.0 2/2) ;=> #t
(< 1 2 3) ;=> #t
(< 1 3 2) ;=> #f
(>= 3 3 2) ;=> #t
(= (+ (expt 2 60) 1) (exact->inexact (expt 2 60))) ;=> #f
(< 1/3 (exact->inexact 1/3)) ;=> #f
(= +nan.0 +nan.0) ;=> #f
(< 1 +inf.0) ;=> #t
(< (expt 10 400) +inf.0) ;=> #t
(max 3 4) ;=> 4
(max 3.9 4) ;=> 4.0
(min 1 2.0) ;=> 1.0
(max 1/2 1/3) ;=> 1/2
(abs -7) ;=> 7
(abs -1/2) ;=> 1/2
(abs -0.0) ;=> 0.0
(square 42) ;=> 1764
(square 1/3) ;=> 1/9
;; Predicates (R7RS 6.2.6 examples).
(complex? 3) ;=> #t
(real? -2.5) ;=> #t
(rational? 6/10) ;=> #t
(rational? +inf.0) ;=> #f
(integer? 3.0) ;=> #t
(integer? 8/4) ;=> #t
(integer? 1.5) ;=> #f
(exact? 3.0) ;=> #f
(exact? #e3.0) ;=> #t
(inexact? 3.) ;=> #t
(exact-integer? 32) ;=> #t
(exact-integer? 32.0) ;=> #f
(finite? +inf.0) ;=> #f
(infinite? -inf.0) ;=> #t
(nan? +nan.0) ;=> #t
(number? 'a) ;=> #f
(zero? -0.0) ;=> #t
(positive? 1/2) ;=> #t
(negative? -0.0) ;=> #f
(odd? -3) ;=> #t
(even? (expt 10 20)) ;=> #t
(eqv? 2 2.0) ;=> #f
(eqv? 0.0 -0.0) ;=> #f
(eqv? (expt 2 70) (expt 2 70)) ;=> #t
(eqv? 1/2 (/ 2 4)) ;=> #t
(equal? 1/2 0.5) ;=> #f
