;; Vectors and bytevectors (R7RS 6.8-6.9).
(vector 1 "a" #\b) ;=> #(1 "a" #\b)
(make-vector 3 0) ;=> #(0 0 0)
(vector-length #(1 2 3)) ;=> 3
(vector-ref #(1 2 3) 0) ;=> 1
(define v (make-vector 3 'x))
(vector-set! v 0 'y)
v ;=> #(y x x)
(vector->list #(1 2 3)) ;=> (1 2 3)
(vector->list #(1 2 3) 1) ;=> (2 3)
(list->vector '(1 2)) ;=> #(1 2)
(vector-fill! v 'z 1)
v ;=> #(y z z)
(vector-copy #(1 2 3) 1) ;=> #(2 3)
(define w (vector 1 2 3 4 5))
(vector-copy! w 0 #(a b))
w ;=> #(a b 3 4 5)
(vector-append #(1) #(2 3)) ;=> #(1 2 3)
(guard (e (#t (error-object-message e))) (vector-ref #(1 2 3) 5)) ;=> "vector-ref: index 5 out of range for a vector of length 3"
(guard (e (#t (error-object-message e))) (vector-set! #(1 2 3) 0 9)) ;=> "vector-set!: cannot modify a literal vector; copy it first (e.g. with vector-copy)"
(bytevector 1 2 255) ;=> #u8(1 2 255)
(make-bytevector 2 7) ;=> #u8(7 7)
(bytevector-u8-ref #u8(5 6) 1) ;=> 6
(define b (bytevector 1 2 3))
(bytevector-u8-set! b 0 9)
b ;=> #u8(9 2 3)
(bytevector-length #u8(1 2 3)) ;=> 3
(bytevector-copy #u8(1 2 3) 1) ;=> #u8(2 3)
(bytevector-copy! b 1 #u8(7 8))
b ;=> #u8(9 7 8)
(bytevector-append #u8(1) #u8(2)) ;=> #u8(1 2)
(string->utf8 "λ") ;=> #u8(206 187)
(utf8->string #u8(206 187)) ;=> "λ"
(guard (e (#t (error-object-message e))) (bytevector 256)) ;=> "bytevector: expected a byte (an exact integer from 0 to 255), got 256"
