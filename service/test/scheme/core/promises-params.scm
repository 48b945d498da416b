;; Promises and parameters.
(define count 0)
(define p (delay (begin (set! count (+ count 1)) (* 6 7))))
(promise? p) ;=> #t
(force p) ;=> 42
(force p) ;=> 42
count ;=> 1
(force (make-promise 5)) ;=> 5
(force 7) ;=> 7
(define-syntax my-stream-cons (syntax-rules () ((_ a b) (cons a (delay b)))))
(define (ints n) (my-stream-cons n (ints (+ n 1))))
(define (take s k) (if (= k 0) '() (cons (car s) (take (force (cdr s)) (- k 1)))))
(take (ints 0) 5) ;=> (0 1 2 3 4)
;; delay-force runs an iterative lazy loop in constant space (R7RS 4.2.5).
(define (loop n) (delay-force (if (= n 0) (delay 'done) (loop (- n 1)))))
(force (loop 100000)) ;=> done
(define radix (make-parameter 10))
(radix) ;=> 10
(parameterize ((radix 2)) (radix)) ;=> 2
(radix) ;=> 10
(define conv (make-parameter 5 (lambda (x) (* x 2))))
(conv) ;=> 10
(parameterize ((conv 1)) (conv)) ;=> 2
(define k #f)
(define (show) (radix))
(parameterize ((radix 16)) (show)) ;=> 16
