;; Classic algorithms: sorting, primes, memoised fibonacci with bignums, gcd, permutations.
(define (insert-sorted x l) (cond ((null? l) (list x)) ((<= x (car l)) (cons x l)) (else (cons (car l) (insert-sorted x (cdr l))))))
(define (insertion-sort l) (fold-right insert-sorted '() l))
(insertion-sort '(5 2 8 1 9 3)) ;=> (1 2 3 5 8 9)
(define (merge-sort l less?) (sort l less?))
(merge-sort '("pear" "apple" "fig") string<?) ;=> ("apple" "fig" "pear")
(define (sieve n)
  (let ((v (make-vector (+ n 1) #t)))
    (let loop ((i 2) (acc '()))
      (cond ((> i n) (reverse acc))
            ((vector-ref v i)
             (do ((j (* i i) (+ j i))) ((> j n)) (vector-set! v j #f))
             (loop (+ i 1) (cons i acc)))
            (else (loop (+ i 1) acc))))))
(sieve 50) ;=> (2 3 5 7 11 13 17 19 23 29 31 37 41 43 47)
(define memo (make-vector 200 #f))
(define (fib n) (cond ((< n 2) n) ((vector-ref memo n)) (else (let ((v (+ (fib (- n 1)) (fib (- n 2))))) (vector-set! memo n v) v))))
(fib 150) ;=> 9969216677189303386214405760200
(define (permutations l)
  (if (null? l) '(())
      (append-map (lambda (x) (map (lambda (p) (cons x p)) (permutations (delete x l)))) l)))
(permutations '(1 2 3)) ;=> ((1 2 3) (1 3 2) (2 1 3) (2 3 1) (3 1 2) (3 2 1))
(define (hanoi n from to via) (if (= n 0) 0 (+ (hanoi (- n 1) from via to) 1 (hanoi (- n 1) via to from))))
(hanoi 16 'a 'c 'b) ;=> 65535
(define (ackermann m n) (cond ((= m 0) (+ n 1)) ((= n 0) (ackermann (- m 1) 1)) (else (ackermann (- m 1) (ackermann m (- n 1))))))
(ackermann 2 3) ;=> 9
(exact->inexact (/ (fold + 0 (iota 10 1)) 4)) ;=> 13.75
(let loop ((i 0) (acc 1)) (if (= i 64) acc (loop (+ i 1) (* 2 acc)))) ;=> 18446744073709551616
