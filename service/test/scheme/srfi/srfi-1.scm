;; SRFI 1 (List Library) after (import (srfi 1)): one check per example of the SRFI text,
;; section by section. Multiple values are gathered into a list with call-with-values.
(import (scheme base) (srfi 1))
(define (vals thunk) (call-with-values thunk list))

;; Constructors
(xcons '(b c) 'a) ;=> (a b c)
(cons* 1 2 3 4) ;=> (1 2 3 . 4)
(cons* 1) ;=> 1
(make-list 4 'c) ;=> (c c c c)
(list-tabulate 4 values) ;=> (0 1 2 3)
(list-copy '(1 2 3)) ;=> (1 2 3)
(take (circular-list 'z 'q) 5) ;=> (z q z q z)
(iota 5) ;=> (0 1 2 3 4)
(iota 5 0 -1/10) ;=> (0 -1/10 -1/5 -3/10 -2/5)

;; Predicates
(proper-list? '(1 2)) ;=> #t
(proper-list? (circular-list 1)) ;=> #f
(circular-list? (circular-list 1 2 3)) ;=> #t
(circular-list? '(1 2 3)) ;=> #f
(dotted-list? '(1 2 . 3)) ;=> #t
(dotted-list? 'x) ;=> #t
(dotted-list? '(1 2)) ;=> #f
(not-pair? '()) ;=> #t
(not-pair? '(1)) ;=> #f
(null-list? '()) ;=> #t
(null-list? (circular-list 1)) ;=> #f
(list= eq?) ;=> #t
(list= eq? '(a)) ;=> #t
(list= eq? '(a b) '(a b) '(a b)) ;=> #t
(list= eq? '(a b) '(a c)) ;=> #f
(list= = '(1 2) '(1 2 3)) ;=> #f

;; Selectors
(list (first '(1 2 3 4 5 6 7 8 9 10)) (second '(1 2 3 4 5 6 7 8 9 10)) (third '(1 2 3 4 5 6 7 8 9 10))) ;=> (1 2 3)
(list (fourth '(1 2 3 4 5 6 7 8 9 10)) (fifth '(1 2 3 4 5 6 7 8 9 10)) (sixth '(1 2 3 4 5 6 7 8 9 10))) ;=> (4 5 6)
(list (seventh '(1 2 3 4 5 6 7 8 9 10)) (eighth '(1 2 3 4 5 6 7 8 9 10))) ;=> (7 8)
(list (ninth '(1 2 3 4 5 6 7 8 9 10)) (tenth '(1 2 3 4 5 6 7 8 9 10))) ;=> (9 10)
(third '(a b c d e)) ;=> c
(vals (lambda () (car+cdr '(1 . 2)))) ;=> (1 2)
(take '(a b c d e) 2) ;=> (a b)
(drop '(a b c d e) 2) ;=> (c d e)
(take '(1 2 3 . d) 2) ;=> (1 2)
(drop '(1 2 3 . d) 2) ;=> (3 . d)
(take '(1 2 3 . d) 3) ;=> (1 2 3)
(drop '(1 2 3 . d) 3) ;=> d
(take-right '(a b c d e) 2) ;=> (d e)
(drop-right '(a b c d e) 2) ;=> (a b c)
(take-right '(1 2 3 . d) 2) ;=> (2 3 . d)
(drop-right '(1 2 3 . d) 2) ;=> (1)
(take-right '(1 2 3 . d) 0) ;=> d
(drop-right '(1 2 3 . d) 0) ;=> (1 2 3)
(take! (circular-list 1 3 5) 8) ;=> (1 3 5 1 3 5 1 3)
(drop-right! (list 1 2 3) 1) ;=> (1 2)
(vals (lambda () (split-at '(a b c d e f g h) 3))) ;=> ((a b c) (d e f g h))
(vals (lambda () (split-at! (list 'a 'b 'c) 1))) ;=> ((a) (b c))
(last '(a b c)) ;=> c
(last-pair '(a b c)) ;=> (c)

;; Miscellaneous
(length+ '(1 2 3)) ;=> 3
(length+ (circular-list 1 2)) ;=> #f
(concatenate '((1) (2 3) () (4))) ;=> (1 2 3 4)
(concatenate! (list (list 1) (list 2))) ;=> (1 2)
(append! (list 1 2) (list 3)) ;=> (1 2 3)
(reverse! (list 1 2 3)) ;=> (3 2 1)
(append-reverse '(3 2 1) '(4 5)) ;=> (1 2 3 4 5)
(append-reverse! (list 3 2 1) '(4 5)) ;=> (1 2 3 4 5)
(zip '(one two three) '(1 2 3) '(odd even odd even odd even odd even)) ;=> ((one 1 odd) (two 2 even) (three 3 odd))
(zip '(1 2 3)) ;=> ((1) (2) (3))
(unzip1 '((1) (2) (3))) ;=> (1 2 3)
(vals (lambda () (unzip2 '((1 one) (2 two) (3 three))))) ;=> ((1 2 3) (one two three))
(vals (lambda () (unzip3 '((1 a x) (2 b y))))) ;=> ((1 2) (a b) (x y))
(vals (lambda () (unzip4 '((1 a x p) (2 b y q))))) ;=> ((1 2) (a b) (x y) (p q))
(vals (lambda () (unzip5 '((1 a x p 9) (2 b y q 8))))) ;=> ((1 2) (a b) (x y) (p q) (9 8))
(count even? '(3 1 4 1 5 9 2 5 6)) ;=> 3
(count < '(1 2 4 8) '(2 4 6 8 10 12 14 16)) ;=> 3

;; Fold, unfold and map
(fold + 0 '(1 2 3)) ;=> 6
(fold cons '() '(1 2 3)) ;=> (3 2 1)
(fold cons* '() '(a b c) '(1 2 3)) ;=> (c 3 b 2 a 1)
(fold (lambda (x count) (if (symbol? x) (+ count 1) count)) 0 '(a 1 b 2 c)) ;=> 3
(fold (lambda (s max-len) (max max-len (string-length s))) 0 '("a" "abcd" "ab")) ;=> 4
(fold-right cons '() '(1 2 3)) ;=> (1 2 3)
(fold-right (lambda (x l) (if (even? x) (cons x l) l)) '() '(1 2 3 4)) ;=> (2 4)
(fold-right cons* '() '(a b c) '(1 2 3)) ;=> (a 1 b 2 c 3)
(pair-fold (lambda (pair tail) (set-cdr! pair tail) pair) '() (list 1 2 3)) ;=> (3 2 1)
(pair-fold cons '() '(a b c)) ;=> ((c) (b c) (a b c))
(pair-fold-right cons '() '(a b c)) ;=> ((a b c) (b c) (c))
(reduce max 0 '(3 9 2)) ;=> 9
(reduce + 0 '()) ;=> 0
(reduce + 0 '(7)) ;=> 7
(reduce-right append '() '((1 2) (3) (4 5))) ;=> (1 2 3 4 5)
(reduce-right + 0 '()) ;=> 0
(unfold (lambda (x) (> x 10)) (lambda (x) (* x x)) (lambda (x) (+ x 1)) 1) ;=> (1 4 9 16 25 36 49 64 81 100)
(unfold null-list? car cdr '(1 2 3)) ;=> (1 2 3)
(unfold null-list? car cdr '(1 2) (lambda (x) '(3 4))) ;=> (1 2 3 4)
(unfold-right zero? (lambda (x) (* x x)) (lambda (x) (- x 1)) 10) ;=> (1 4 9 16 25 36 49 64 81 100)
(unfold-right null-list? car cdr '(1 2 3)) ;=> (3 2 1)
(unfold-right null-list? car cdr '(1 2) '(3 4)) ;=> (2 1 3 4)
(append-map (lambda (x) (list x (- x))) '(1 3 8)) ;=> (1 -1 3 -3 8 -8)
(append-map! (lambda (x y) (list x y)) '(1 2) '(a b)) ;=> (1 a 2 b)
(let ((seen '())) (pair-for-each (lambda (p) (set! seen (cons p seen))) '(a b c)) seen) ;=> ((c) (b c) (a b c))
(filter-map (lambda (x) (and (number? x) (* x x))) '(a 1 b 3 c 7)) ;=> (1 9 49)
(let ((order '())) (map-in-order (lambda (x) (set! order (cons x order)) x) '(1 2 3)) order) ;=> (3 2 1)

;; Filtering and partitioning
(filter even? '(0 7 8 8 43 -4)) ;=> (0 8 8 -4)
(vals (lambda () (partition symbol? '(one 2 3 four five 6)))) ;=> ((one four five) (2 3 6))
(remove even? '(0 7 8 8 43 -4)) ;=> (7 43)
(filter! odd? (list 1 2 3)) ;=> (1 3)
(vals (lambda () (partition! odd? (list 1 2 3)))) ;=> ((1 3) (2))
(remove! odd? (list 1 2 3)) ;=> (2)

;; Searching
(find even? '(3 1 4 1 5 9)) ;=> 4
(find-tail even? '(3 1 37 -8 -5 0 0)) ;=> (-8 -5 0 0)
(find-tail even? '(3 1 37 -5)) ;=> #f
(take-while even? '(2 18 3 10 22 9)) ;=> (2 18)
(take-while! even? (list 2 18 3)) ;=> (2 18)
(drop-while even? '(2 18 3 10 22 9)) ;=> (3 10 22 9)
(vals (lambda () (span even? '(2 18 3 10 22 9)))) ;=> ((2 18) (3 10 22 9))
(vals (lambda () (break even? '(3 1 4 1 5 9 2 6)))) ;=> ((3 1) (4 1 5 9 2 6))
(vals (lambda () (span! even? (list 2 3)))) ;=> ((2) (3))
(vals (lambda () (break! even? (list 1 2)))) ;=> ((1) (2))
(any integer? '(a 3 b 2.7)) ;=> #t
(any integer? '(a 3.1 b 2.7)) ;=> #f
(any < '(3 1 4 1 5) '(2 7 1 8 2)) ;=> #t
(any (lambda (x) (and (even? x) x)) '(1 3 6 8)) ;=> 6
(every integer? '()) ;=> #t
(every (lambda (x) (and (even? x) x)) '(2 4 6)) ;=> 6
(every < '(1 2) '(2 3 0)) ;=> #t
(list-index even? '(3 1 4 1 5 9)) ;=> 2
(list-index < '(3 1 4 1 5 9 2 5 6) '(2 7 1 8 2)) ;=> 1
(list-index = '(3 1 4 1 5 9 2 5 6) '(2 7 1 8 2)) ;=> #f
(memq 'a '(a b c)) ;=> (a b c)
(member 5 '(1 3 5 7) <) ;=> (7)

;; Deletion
(delete 5 '(1 5 2 5)) ;=> (1 2)
(delete 5 '(1 6 3 9 5) <) ;=> (1 3 5)
(delete! 1 (list 1 2 1)) ;=> (2)
(delete-duplicates '(a b a c a b c z)) ;=> (a b c z)
(delete-duplicates '((a . 3) (b . 7) (a . 9) (c . 1)) (lambda (x y) (eq? (car x) (car y)))) ;=> ((a . 3) (b . 7) (c . 1))
(delete-duplicates! (list 1 1 2)) ;=> (1 2)

;; Association lists
(assoc 2.0 '((1 1) (2 4) (3 9)) =) ;=> (2 4)
(alist-cons 'a 1 '((b . 2))) ;=> ((a . 1) (b . 2))
(let* ((a (list (cons 'k 1))) (b (alist-copy a))) (set-cdr! (car b) 2) (list a b)) ;=> (((k . 1)) ((k . 2)))
(alist-delete 'a '((a . 1) (b . 2) (a . 3))) ;=> ((b . 2))
(alist-delete 5 '((1 . a) (6 . b) (9 . c)) <) ;=> ((1 . a))
(alist-delete! 'a (list (cons 'a 1))) ;=> ()

;; Lists as sets
(lset<= eq? '(a) '(a b a) '(a b c c)) ;=> #t
(lset<= eq?) ;=> #t
(lset<= eq? '(a)) ;=> #t
(lset<= eq? '(a z) '(a b)) ;=> #f
(lset= eq? '(b e a) '(a e b) '(e e b a)) ;=> #t
(lset= eq?) ;=> #t
(lset= eq? '(a)) ;=> #t
(lset= eq? '(a) '(a b)) ;=> #f
(lset-adjoin eq? '(a b c d c e) 'a 'e 'i 'o 'u) ;=> (u o i a b c d c e)
(lset-union eq? '(a b c d e) '(a e i o u)) ;=> (u o i a b c d e)
(lset-union eq? '(a a c) '(x a x)) ;=> (x a a c)
(lset-union eq?) ;=> ()
(lset-union eq? '(a b c)) ;=> (a b c)
(lset-union! eq? (list 'a) (list 'b)) ;=> (b a)
(lset-intersection eq? '(a b c d e) '(a e i o u)) ;=> (a e)
(lset-intersection eq? '(a x y a) '(x a x z)) ;=> (a x a)
(lset-intersection eq? '(a b c)) ;=> (a b c)
(lset-intersection! eq? (list 'a 'b) (list 'b)) ;=> (b)
(lset-difference eq? '(a b c d e) '(a e i o u)) ;=> (b c d)
(lset-difference eq? '(a b c)) ;=> (a b c)
(lset-difference! eq? (list 'a 'b) (list 'b)) ;=> (a)
(lset-xor eq? '(a b c d e) '(a e i o u)) ;=> (d c b i o u)
(lset-xor eq?) ;=> ()
(lset-xor eq? '(a b c d e)) ;=> (a b c d e)
(lset-xor! eq? (list 'a) (list 'b)) ;=> (a b)
(vals (lambda () (lset-diff+intersection eq? '(a b c d e) '(a e i o u)))) ;=> ((b c d) (a e))
(vals (lambda () (lset-diff+intersection! eq? (list 'a 'b) (list 'b)))) ;=> ((a) (b))

;; Procedure arguments run on the machine: an escape from inside fold works.
(call/cc (lambda (k) (fold (lambda (x acc) (if (= x 3) (k 'escaped) acc)) 0 '(1 2 3 4)))) ;=> escaped
