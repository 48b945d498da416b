;; Robustness: large but legitimate work finishes quickly (no quadratic copying, no deep JS recursion).
(define (build n acc) (if (= n 0) acc (build (- n 1) (string-append acc "ab"))))
(define s (build 200000 ""))
(list (string-length s) (string-ref s 100001) (substring s 7 11)) ;=> (400000 #\b "baba")
(define (nest n) (if (= n 0) "" (string-append "x" (nest (- n 1)))))
(string-length (nest 100000)) ;=> 100000
(vector-sort (vector 3 1 2) <) ;=> #(1 2 3)
(vector-sort < (vector 3 1 2)) ;=> #(1 2 3)
(list-sort < (list 3 1 2)) ;=> (1 2 3)
(sort (list "b" "a") string<?) ;=> ("a" "b")
(define (deep n) (if (= n 0) '() (list (deep (- n 1)))))
(equal? (deep 100000) (deep 100000)) ;=> #t
(define (count-up n) (if (= n 0) 0 (+ 1 (guard (e (#t 0)) (count-up (- n 1))))))
(count-up 20000) ;=> 20000
(string-length (apply string (make-list 300000 #\a))) ;=> 300000
(length (apply list (make-list 300000 1))) ;=> 300000
