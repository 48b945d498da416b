;; map/for-each/apply/member/assoc and friends.
(map + '(1 2 3) '(10 20 30 40)) ;=> (11 22 33)
(map (lambda (x) (* x x)) '(1 2 3)) ;=> (1 4 9)
(let ((acc '())) (for-each (lambda (x y) (set! acc (cons (+ x y) acc))) '(1 2) '(3 4)) acc) ;=> (6 4)
(apply + 1 2 '(3 4)) ;=> 10
(apply list '()) ;=> ()
(vector-map * #(1 2 3) #(4 5 6)) ;=> #(4 10 18)
(let ((n 0)) (vector-for-each (lambda (x) (set! n (+ n x))) #(1 2 3)) n) ;=> 6
(string-map char-upcase "abc") ;=> "ABC"
(let ((out '())) (string-for-each (lambda (c) (set! out (cons c out))) "ab") out) ;=> (#\b #\a)
(member 2.0 '(1 2 3) =) ;=> (2 3)
(member '(1) '((1) 2)) ;=> ((1) 2)
(memq 'c '(a b c d)) ;=> (c d)
(memv 101 '(100 101 102)) ;=> (101 102)
(assoc 2.0 '((1 a) (2 b)) =) ;=> (2 b)
(assq 'b '((a 1) (b 2))) ;=> (b 2)
(assv 5 '((2 3) (5 7))) ;=> (5 7)
(assoc "b" '(("a" . 1) ("b" . 2))) ;=> ("b" . 2)
(procedure? car) ;=> #t
(procedure? 'car) ;=> #f
(procedure? (lambda () 1)) ;=> #t
(map (lambda (p) (p 4)) (list (lambda (x) (+ x 1)) sqrt)) ;=> (5 2)
