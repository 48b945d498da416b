;; Complex results are outside our numbers: a clear arithmetic_error.
;;! status: error
;;! error: arithmetic_error 6:1
;;! message: make-rectangular: the result is not a real number (complex numbers are not supported)
(list (real-part 1.5) (imag-part 2) (magnitude -3) (angle 1) (make-polar 3 0)) ;=> (1.5 0 3 0 3)
(make-rectangular 1 2)
