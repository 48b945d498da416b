;; R7RS-small conformance: control (our own cases, section by section of the report).
;; R7RS 4.2.6-4.2.7, 5.5, 6.10-6.11: records, exceptions, continuations.
(define-record-type <pare> (kons x y) pare? (x kar set-kar!) (y kdr))
(pare? (kons 1 2)) ;=> #t
(pare? (cons 1 2)) ;=> #f
(kar (kons 1 2)) ;=> 1
(kdr (kons 1 2)) ;=> 2
(let ((k (kons 1 2))) (set-kar! k 3) (kar k)) ;=> 3
(kons 1 2) ;=> #<pare x: 1 y: 2>
<pare> ;=> #<record-type pare>
(define-record-type point (make-point x) point? (x px) (y py set-py!))
(let ((p (make-point 1))) (set-py! p 5) (list (px p) (py p))) ;=> (1 5)
(define-record-type empty (make-empty) empty?)
(empty? (make-empty)) ;=> #t
(guard (e (#t (error-object? e))) (kar (cons 1 2))) ;=> #t
(guard (con ((assq 'a con) => cdr) ((assq 'b con))) (raise (list (cons 'a 42)))) ;=> 42
(guard (con ((assq 'a con) => cdr) ((assq 'b con))) (raise (list (cons 'b 23)))) ;=> (b . 23)
(guard (e ((symbol? e) (list 'sym e)) ((string? e) (list 'str e))) (raise "boom")) ;=> (str "boom")
(guard (e ((string? e) 'inner)) (guard (e2 ((number? e2) 'num)) (raise "x"))) ;=> inner
(guard (e (#t (list 'outer e))) (guard (e2 ((number? e2) 'num)) (raise 'sym))) ;=> (outer sym)
(guard (e (else 'caught)) (+ 1 (raise 'oops))) ;=> caught
(guard (e ((error-object? e) (list (error-object-message e) (error-object-irritants e)))) (error "bad thing:" 1 2 'x)) ;=> ("bad thing:" (1 2 x))
(guard (e (#t (error-object-message e))) (error "no irritants")) ;=> "no irritants"
(guard (e (#t (error-object-irritants e))) (error "no irritants")) ;=> ()
(with-exception-handler (lambda (e) 10) (lambda () (+ 1 (raise-continuable 'c)))) ;=> 11
(call-with-current-continuation (lambda (k) (with-exception-handler (lambda (e) (k (list 'handled e))) (lambda () (raise 'boom))))) ;=> (handled boom)
(with-exception-handler (lambda (e) 'outer) (lambda () (with-exception-handler (lambda (e) (raise-continuable (list 'inner e))) (lambda () (raise-continuable 1))))) ;=> outer
(guard (e (#t (list 'g e))) (with-exception-handler (lambda (e) (raise (list 'wrapped e))) (lambda () (raise 'x)))) ;=> (g (wrapped x))
(guard (e (#t (list 'secondary e))) (with-exception-handler (lambda (e) 'ignored) (lambda () (raise 'not-continuable)))) ;=> (secondary not-continuable)
(guard (e (#f 'no)) 'body-value) ;=> body-value
(guard (e ((eq? e 'a) 1) (else 2)) (raise 'b)) ;=> 2
(let ((out '())) (guard (e (#t (set! out (cons 'handler out)))) (dynamic-wind (lambda () (set! out (cons 'before out))) (lambda () (raise 'x)) (lambda () (set! out (cons 'after out))))) (reverse out)) ;=> (before after handler)
(error-object? 'x) ;=> #f
(guard (e (#t (error-object? e))) (vector-ref (vector 1) 5)) ;=> #t
(guard (e (#t (read-error? e))) (read (open-input-string "(1 2"))) ;=> #t
(guard (e (#t (file-error? e))) (error "x")) ;=> #f
(guard (e (#t (read-error? e))) (error "x")) ;=> #f
(read-error? 5) ;=> #f
(file-error? 5) ;=> #f
(+ (call/cc (lambda (k) (+ 1 (k 10)))) 1) ;=> 11
(call-with-current-continuation (lambda (exit) (for-each (lambda (x) (if (negative? x) (exit x))) '(54 0 37 -3 245 19)) #t)) ;=> -3
(define list-length (lambda (obj) (call-with-current-continuation (lambda (return) (letrec ((r (lambda (obj) (cond ((null? obj) 0) ((pair? obj) (+ (r (cdr obj)) 1)) (else (return #f)))))) (r obj))))))
(list-length '(1 2 3 4)) ;=> 4
(list-length '(a b . c)) ;=> #f
(call-with-values (lambda () (values 4 5)) (lambda (a b) b)) ;=> 5
(call-with-values (lambda () (values)) list) ;=> ()
(call-with-values (lambda () 1) list) ;=> (1)
(values 1 2) ;=> 1 2
(dynamic-wind (lambda () #f) (lambda () 'during) (lambda () #f)) ;=> during
(let ((trail '())) (define k2 #f) (dynamic-wind (lambda () (set! trail (cons 'in1 trail))) (lambda () (dynamic-wind (lambda () (set! trail (cons 'in2 trail))) (lambda () (call/cc (lambda (k) (set! k2 k))) ) (lambda () (set! trail (cons 'out2 trail))))) (lambda () (set! trail (cons 'out1 trail)))) (reverse trail)) ;=> (in1 in2 out2 out1)
(let ((n 0) (k #f)) (dynamic-wind (lambda () (set! n (+ n 1))) (lambda () (call/cc (lambda (c) (set! k c)))) (lambda () (set! n (+ n 10)))) (if (< n 30) (k 'again) n)) ;=> 33
(apply + 1 2 '(3 4)) ;=> 10
(apply list '()) ;=> ()
(apply max 1 '(5 2)) ;=> 5
(map + '(1 2 3) '(10 20)) ;=> (11 22)
(map (lambda (x) (* x x)) '()) ;=> ()
(map cadr '((a b) (d e) (g h))) ;=> (b e h)
(map (lambda (n) (expt n n)) '(1 2 3 4 5)) ;=> (1 4 27 256 3125)
(let ((count 0)) (map (lambda (ignored) (set! count (+ count 1)) count) '(a b))) ;=> (1 2)
(let ((v (make-vector 5))) (for-each (lambda (i) (vector-set! v i (* i i))) '(0 1 2 3 4)) v) ;=> #(0 1 4 9 16)
(for-each (lambda (x) x) '()) ;=> #<unspecified>
(string-map char-upcase "abc") ;=> "ABC"
(string-map (lambda (a b) (if (char<? a b) a b)) "adc" "bbbb") ;=> "abb"
(let ((acc '())) (string-for-each (lambda (a b) (set! acc (cons (string a b) acc))) "abc" "xy") acc) ;=> ("by" "ax")
(vector-map + #(1 2) #(10 20 30)) ;=> #(11 22)
(vector-map cadr '#((a b) (d e) (g h))) ;=> #(b e h)
(let ((v (make-list 5))) (vector-for-each (lambda (i) (list-set! v i (* i i))) '#(0 1 2 3 4)) v) ;=> (0 1 4 9 16)
(let ((acc 0)) (vector-for-each (lambda (a b) (set! acc (+ acc (* a b)))) #(1 2 3) #(4 5)) acc) ;=> 14
(procedure? car) ;=> #t
(procedure? 'car) ;=> #f
(procedure? (lambda (x) (* x x))) ;=> #t
(procedure? '(lambda (x) (* x x))) ;=> #f
(call-with-current-continuation procedure?) ;=> #t
(procedure? (call/cc (lambda (k) k))) ;=> #t
(let ((x 0)) (let ((k (call/cc (lambda (k) k)))) (set! x (+ x 1)) (if (procedure? k) (k 5) (list x k)))) ;=> (2 5)
(define r '())
(define k2 #f)
(define result (map (lambda (x) (call/cc (lambda (k) (if (= x 2) (set! k2 k)) x))) '(1 2 3)))
(set! r (cons result r))
(if (< (length r) 2) (k2 20))
r ;=> ((1 20 3) (1 2 3))
(define (make-gen lst) (define return #f) (define resume #f) (lambda () (call/cc (lambda (r) (set! return r) (if resume (resume #f) (begin (for-each (lambda (x) (call/cc (lambda (next) (set! resume next) (return x)))) lst) (return 'done)))))))
(define g (make-gen '(a b c)))
(list (g) (g) (g) (g)) ;=> (a b c done)
(let ((acc '())) (dynamic-wind (lambda () (set! acc (cons 'before acc))) (lambda () (call/cc (lambda (k) (k 1)))) (lambda () (set! acc (cons 'after acc)))) (reverse acc)) ;=> (before after)
(define kk #f)
(define count 0)
(define v (+ 100 (call/cc (lambda (k) (set! kk k) 1))))
(set! count (+ count 1))
(if (< count 3) (kk count))
(list v count) ;=> (102 3)
(call-with-current-continuation (lambda (k) (dynamic-wind (lambda () #f) (lambda () (k 'escaped)) (lambda () #f)))) ;=> escaped
;; Several values where one is expected (an error in R7RS) are shown as such, never as garbage.
(list (values 1 2)) ;=> (#<2 values>)
(guard (e ((error-object? e) (error-object-message e))) (+ 1 (values))) ;=> "+: expected a number, got no value (zero values)"
(guard (e ((error-object? e) (error-object-message e))) (+ 1 (values 1 2))) ;=> "+: expected a number, got 2 values: 1 2"
