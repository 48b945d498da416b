;; import, cond-expand, syntax-error.
(import (scheme base) (scheme write) (scheme char) (srfi 1))
(cond-expand (r7rs 'r7rs) (else 'other)) ;=> r7rs
(cond-expand ((and r7rs (not no-such-feature)) (define z 3)) (else (define z 4)))
z ;=> 3
(cond-expand ((library (scheme base)) 'has-base) (else 'no-base)) ;=> has-base
(cond-expand ((or no-such-feature full-unicode) 'unicode)) ;=> unicode
(define (f) (cond-expand (r7rs (define inner 5)) (else (define inner 6))) inner)
(f) ;=> 5
(define-syntax must-pair
  (syntax-rules () ((_ (a b)) 'ok) ((_ x) (syntax-error "must-pair: expected a pair, got" x))))
(must-pair (1 2)) ;=> ok
(memq 'r7rs (features)) ;=> (r7rs exact-closed ratios full-unicode)
