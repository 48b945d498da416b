;; R7RS-small conformance: structure (our own cases, section by section of the report).
(define (loop1 n) (cond ((= n 0) 'done) (else (loop1 (- n 1)))))
(loop1 100000) ;=> done
(define (loop2 n) (cond ((= n 0) 'done) ((- n 1) => loop2)))
(loop2 100000) ;=> done
(define (loop3 n) (and #t (or #f (when #t (unless #f (case n ((0) 'done) (else (loop3 (- n 1)))))))))
(loop3 100000) ;=> done
(define (loop4 n) (let* ((m n)) (letrec ((k m)) (let-values (((a) (values k))) (if (= a 0) 'done (begin (loop4 (- a 1))))))))
(loop4 100000) ;=> done
(define (loop5 n) (apply (lambda (m) (if (= m 0) 'done (loop5 (- m 1)))) (list n)))
(loop5 100000) ;=> done
(define (loop6 n) (do () ((= n 0) (if (= n 0) 'done)) (set! n (- n 1))))
(loop6 100000) ;=> done
(define (loop7 n) (guard (e (#t 'caught)) (if (= n 0) 'done (loop7 (- n 1)))))
(loop7 10000) ;=> done
(define (loop8 n) (parameterize () (if (= n 0) 'done (loop8 (- n 1)))))
(loop8 10000) ;=> done
(define (loop9 n) (call/cc (lambda (k) (if (= n 0) 'done (loop9 (- n 1))))))
(loop9 100000) ;=> done
(define (loop10 n) (call-with-values (lambda () (values n)) (lambda (m) (if (= m 0) 'done (loop10 (- m 1))))))
(loop10 100000) ;=> done
(define (loop11 n) (dynamic-wind (lambda () #f) (lambda () n) (lambda () #f)) (if (= n 0) 'done (loop11 (- n 1))))
(loop11 100000) ;=> done
(define (deep n) (if (= n 0) 0 (+ 1 (deep (- n 1)))))
(deep 100000) ;=> 100000
(define (f) (define a 1) (display "x") (define b (+ a 1)) b)
(f) ;=> 2
(begin (define bx 1) (define by (+ bx 1)))
by ;=> 2
(define (g) (begin (define u 1) (define w 2)) (+ u w))
(g) ;=> 3
(let () (define (ev? n) (if (= n 0) #t (od? (- n 1)))) (define (od? n) (if (= n 0) #f (ev? (- n 1)))) (ev? 100)) ;=> #t
(define list 5)
list ;=> 5
(define (h if) (* if 2))
(h 4) ;=> 8
(let ((define 3)) define) ;=> 3
(let ((quote (lambda (x) (* x 10)))) (quote 5)) ;=> 50
(define else 7)
(cond (else 'x)) ;=> x
(define x 10)
(define (get-x) x)
(set! x 20)
(get-x) ;=> 20
(let loop ((i 0)) (if (< i 10) (loop (+ i 1)) i)) ;=> 10
((lambda () (define z 5) z)) ;=> 5
(let ((v (vector 1 2 3))) (vector-set! v 0 'a) v) ;=> #(a 2 3)
(letrec ((a (lambda () b)) (b 2)) (a)) ;=> 2
(import (scheme base) (scheme write) (only (scheme char) char-upcase) (prefix (scheme cxr) c:) (rename (scheme base) (car kar)))
(cond-expand (r7rs 'yes) (else 'no)) ;=> yes
(cond-expand ((and r7rs (not foo)) 'a) (else 'b)) ;=> a
(cond-expand ((or foo bar) 'a) (else 'b)) ;=> b
(cond-expand ((library (scheme base)) 'lib) (else 'nolib)) ;=> lib
(call-with-port (open-input-string "abc") read-char) ;=> #\a
(eof-object? (read-char)) ;=> #t
(eof-object? (peek-char)) ;=> #t
(eof-object? (read-line)) ;=> #t
(char-ready?) ;=> #t
(caddr '(1 2 3)) ;=> 3
(cdddr '(1 2 3 4)) ;=> (4)
(cadddr '(1 2 3 4)) ;=> 4
(string-map char-upcase "abc") ;=> "ABC"
(let () (define-record-type thing (make-thing a) thing? (a thing-a)) (thing-a (make-thing 3))) ;=> 3
(exact-integer? (current-jiffy)) ;=> #t
(real? (current-second)) ;=> #t
(memq 'r7rs (features))
