;; Proper tail calls in every tail position: these loops run 300,000 iterations in
;; constant space (the 10,000,000-iteration check is in test/interpreter.test.ts).
(define (count n) (if (= n 0) 'done (count (- n 1))))
(count 300000) ;=> done
(define (count-cond n) (cond ((= n 0) 'done) (else (count-cond (- n 1)))))
(count-cond 300000) ;=> done
(define (count-and n) (and #t (if (= n 0) 'done (count-and (- n 1)))))
(count-and 300000) ;=> done
(define (count-or n) (or (= n 0) (count-or (- n 1))))
(count-or 300000) ;=> #t
(define (count-when n) (when #t (if (= n 0) 'done (count-when (- n 1)))))
(count-when 300000) ;=> done
(define (count-case n) (case (if (= n 0) 0 1) ((0) 'done) (else (count-case (- n 1)))))
(count-case 300000) ;=> done
(define (count-let n) (let ((m (- n 1))) (if (< m 0) 'done (count-let m))))
(count-let 300000) ;=> done
(define (count-begin n) (begin 1 (if (= n 0) 'done (count-begin (- n 1)))))
(count-begin 300000) ;=> done
(define (count-apply n) (if (= n 0) 'done (apply count-apply (list (- n 1)))))
(count-apply 300000) ;=> done
(define (ping n) (if (= n 0) 'ping (pong (- n 1))))
(define (pong n) (if (= n 0) 'pong (ping (- n 1))))
(ping 300001) ;=> pong
(do ((i 0 (+ i 1))) ((= i 300000) i)) ;=> 300000
(define (count-cc n) (if (= n 0) 'done (call/cc (lambda (k) (count-cc (- n 1))))))
(count-cc 100000) ;=> done
(define (count-dw n) (if (= n 0) 'done (dynamic-wind (lambda () #f) (lambda () (count-dw (- n 1))) (lambda () #f))))
(count-dw 10000) ;=> done
(define (count-guard n) (guard (e (#t 'no)) (if (= n 0) 'done (count-guard (- n 1)))))
(count-guard 10000) ;=> done
;; Non-tail recursion 100,000 deep and beyond.
(define (depth n) (if (= n 0) 0 (+ 1 (depth (- n 1)))))
(depth 100000) ;=> 100000
(depth 300000) ;=> 300000
(define (build n) (if (= n 0) '() (cons n (build (- n 1)))))
(length (build 200000)) ;=> 200000
(length (map (lambda (x) x) (build 200000))) ;=> 200000
