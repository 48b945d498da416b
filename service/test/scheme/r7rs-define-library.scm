;; A define-library written in the program runs its begin bodies in place; a later import of it is accepted.
(define-library (stack)
  (export make-stack push! pop!)
  (import (scheme base))
  (begin
    (define (make-stack) (list 'stack))
    (define (push! s x) (set-cdr! s (cons x (cdr s))))
    (define (pop! s) (let ((x (cadr s))) (set-cdr! s (cddr s)) x)))
  (cond-expand (r7rs (begin (define stack-version 1)))))
(import (scheme base) (stack))
(define s (make-stack))
(push! s 1) (push! s 2)
(list (pop! s) stack-version) ;=> (2 1)
