;; (scheme time) works inside the sandbox.
(import (scheme base) (scheme time))
(jiffies-per-second) ;=> 1000000
(exact-integer? (current-jiffy)) ;=> #t
(let ((a (current-jiffy)) (b (current-jiffy))) (<= a b)) ;=> #t
(inexact? (current-second)) ;=> #t
;; After 2020-01-01 and before 2200: a real epoch clock, not zero.
(< 1577836800 (current-second) 7258118400) ;=> #t
