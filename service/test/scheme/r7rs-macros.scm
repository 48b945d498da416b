;; R7RS-small conformance: macros (our own cases, section by section of the report).
;; R7RS 4.3: syntax-rules edge cases and hygiene.
(define-syntax swap! (syntax-rules () ((_ a b) (let ((tmp a)) (set! a b) (set! b tmp)))))
(define tmp 1) (define other 2)
(swap! tmp other)
(list tmp other) ;=> (2 1)
(define-syntax my-let* (syntax-rules () ((_ () body ...) (let () body ...)) ((_ ((x v) rest ...) body ...) (let ((x v)) (my-let* (rest ...) body ...)))))
(my-let* ((a 1) (b (+ a 1))) (* a b)) ;=> 2
(define-syntax flat (syntax-rules () ((_ (a ...) ...) '(a ... ...))))
(define-syntax nest (syntax-rules () ((_ (a b ...) ...) '((b ... a) ...))))
(nest (1 2 3) (4 5)) ;=> ((2 3 1) (5 4))
(define-syntax vecpat (syntax-rules () ((_ #(a b ...)) (list a '(b ...)))))
(vecpat #(1 2 3)) ;=> (1 (2 3))
(define-syntax dotpat (syntax-rules () ((_ a . b) '(a b))))
(dotpat 1 2 3) ;=> (1 (2 3))
(dotpat 1) ;=> (1 ())
(define-syntax tailpat (syntax-rules () ((_ a ... z) '(z a ...))))
(tailpat 1 2 3 4) ;=> (4 1 2 3)
(define-syntax midpat (syntax-rules () ((_ a b ... c d) '(a (b ...) c d))))
(midpat 1 2 3 4 5) ;=> (1 (2 3) 4 5)
(midpat 1 2 3) ;=> (1 () 2 3)
(define-syntax imppat (syntax-rules () ((_ a ... . r) '((a ...) r))))
(imppat 1 2 . 3) ;=> ((1 2) 3)
(imppat 1 2) ;=> ((1 2) ())
(define-syntax lit (syntax-rules (=>) ((_ a => b) (list a b)) ((_ a b c) 'no-arrow)))
(lit 1 => 2) ;=> (1 2)
(lit 1 2 3) ;=> no-arrow
(let ((=> 5)) (lit 1 => 2)) ;=> no-arrow
(define-syntax under (syntax-rules () ((_ _ x) x)))
(under 1 2) ;=> 2
(define-syntax under2 (syntax-rules () ((_ (_ _) y) y)))
(under2 (1 2) 3) ;=> 3
(define-syntax my-elli (syntax-rules ::: () ((_ x :::) (list x :::))))
(my-elli 1 2 3) ;=> (1 2 3)
(define-syntax lit-elli (syntax-rules ::: (...) ((_ ... x) 'dots) ((_ y x) 'other)))
(lit-elli ... 1) ;=> dots
(lit-elli 2 1) ;=> other
(define-syntax esc (syntax-rules () ((_ a) '(a (... ...)))))
(esc 1) ;=> (1 ...)
(define-syntax esc2 (syntax-rules () ((_ a ...) '((... (x ...)) a ...))))
(esc2 1 2) ;=> ((x ...) 1 2)
(define-syntax my-if (syntax-rules () ((_ c t e) (cond (c t) (else e)))))
(let ((else #f)) (my-if #f 1 2)) ;=> 2
(define-syntax my-or2 (syntax-rules () ((_ a b) (let ((t a)) (if t t b)))))
(let ((t 5)) (my-or2 #f t)) ;=> 5
(define-syntax gen-def (syntax-rules () ((_ name val) (define name val))))
(gen-def gd 42)
gd ;=> 42
(define-syntax gen-hidden (syntax-rules () ((_ val) (begin (define hidden val) hidden))))
(gen-hidden 7) ;=> 7
(define-syntax def-macro (syntax-rules () ((_ name v) (define-syntax name (syntax-rules () ((_) v))))))
(def-macro get-five 5)
(get-five) ;=> 5
(define-syntax kw (syntax-rules () ((_ (a b) ...) (list (cons a b) ...))))
(kw (1 2) (3 4)) ;=> ((1 . 2) (3 . 4))
(define-syntax count-args (syntax-rules () ((_) 0) ((_ x y ...) (+ 1 (count-args y ...)))))
(count-args a b c d) ;=> 4
(define-syntax while (syntax-rules () ((_ c body ...) (let lp () (when c body ... (lp))))))
(define i 0)
(while (< i 5) (set! i (+ i 1)))
i ;=> 5
(let-syntax ((foo (syntax-rules () ((_ x) (* x 2))))) (foo 21)) ;=> 42
(letrec-syntax ((ev? (syntax-rules () ((_ n) (if (= n 0) #t (od? (- n 1)))))) (od? (syntax-rules () ((_ n) (if (= n 0) #f #t))))) (ev? 2)) ;=> #t
(define-syntax nested-vec (syntax-rules () ((_ #((a b) ...)) '(a ... b ...))))
(nested-vec #((1 2) (3 4))) ;=> (1 3 2 4)
(define-syntax deep (syntax-rules () ((_ ((a ...) ...) ...) '(a ... ... ...))))
(deep ((1 2) (3)) ((4))) ;=> (1 2 3 4)
(define-syntax str-lit (syntax-rules () ((_ "a" x) x) ((_ other x) 'no)))
(str-lit "a" 1) ;=> 1
(str-lit "b" 1) ;=> no
(define-syntax num-lit (syntax-rules () ((_ 1) 'one) ((_ n) 'other)))
(num-lit 1) ;=> one
(num-lit 2) ;=> other
(define-syntax ten (syntax-rules () ((_) 10)))
(let ((ten (lambda () 'shadowed))) (ten)) ;=> shadowed
(define-syntax m-quote (syntax-rules () ((_ x) 'x)))
(m-quote (a b)) ;=> (a b)
(define-syntax cond2 (syntax-rules (else) ((_ (else e)) e) ((_ (c e)) (if c e #f))))
(cond2 (else 3)) ;=> 3
(define (f) (define-syntax loc (syntax-rules () ((_) 'local))) (loc))
(f) ;=> local
(define-syntax my-list-of-lists (syntax-rules () ((_ (x ...) ...) (list (list x ...) ...))))
(my-list-of-lists (1 2) () (3)) ;=> ((1 2) () (3))
(define-syntax t2 (syntax-rules () ((_ (a ...) (b ...)) '((a b) ...))))
(t2 (1 2) (3 4)) ;=> ((1 3) (2 4))
(define-syntax lp (syntax-rules () ((_ x) (let loop ((i 0)) (if (< i x) (loop (+ i 1)) i)))))
(let ((loop 5)) (lp 3)) ;=> 3
(define-syntax inc! (syntax-rules () ((_ v) (set! v (+ v 1))) ((_ v n) (set! v (+ v n)))))
(define cnt 0)
(inc! cnt) (inc! cnt 10)
cnt ;=> 11
(define-syntax my-do-list (syntax-rules () ((_ (x lst) body ...) (for-each (lambda (x) body ...) lst))))
(define acc '())
(my-do-list (y '(1 2 3)) (set! acc (cons y acc)))
acc ;=> (3 2 1)
(define-syntax vmid (syntax-rules () ((_ #(a ... b)) '(b a ...))))
(vmid #(1 2 3)) ;=> (3 1 2)
(vmid #(1)) ;=> (1)
(define-syntax lit-after (syntax-rules (end) ((_ a ... end) '(a ...))))
(lit-after 1 2 end) ;=> (1 2)
(define-syntax mixdepth (syntax-rules () ((_ (k v ...) ...) '((k v) ... ...))))
(define-syntax pairs (syntax-rules () ((_ (a b) ...) '((a . b) ...))))
(pairs (1 2) (3 4)) ;=> ((1 . 2) (3 . 4))
(define-syntax cross (syntax-rules () ((_ (a ...) b) '((a b) ...))))
(cross (1 2 3) x) ;=> ((1 x) (2 x) (3 x))
(define-syntax nested-same (syntax-rules () ((_ (a ...) ...) '((a ... 0) ...))))
(nested-same (1 2) (3)) ;=> ((1 2 0) (3 0))
(define-syntax empty-ell (syntax-rules () ((_ a ...) (list 'start a ... 'end))))
(empty-ell) ;=> (start end)
(define-syntax m-char (syntax-rules () ((_ #\a) 'a) ((_ x) 'other)))
(m-char #\a) ;=> a
(m-char #\b) ;=> other
(define-syntax m-bool (syntax-rules () ((_ #t) 'true) ((_ #f) 'false)))
(m-bool #f) ;=> false
(define-syntax m-empty (syntax-rules () ((_ ()) 'empty) ((_ x) 'nonempty)))
(m-empty ()) ;=> empty
(m-empty (1)) ;=> nonempty
(define-syntax tail-ell (syntax-rules () ((_ (a ...) . (b ...)) '(a ... b ...))))
(tail-ell (1 2) 3 4) ;=> (1 2 3 4)
(define-syntax ell-escape-vec (syntax-rules () ((_ x) '#(x (... ...)))))
(ell-escape-vec 1) ;=> #(1 ...)
(define-syntax with-lit-ellipsis (syntax-rules ::: () ((_ a :::) '(a ::: ...))))
(with-lit-ellipsis 1 2) ;=> (1 2 ...)
(define-syntax my-let-values (syntax-rules () ((_ ((formals expr)) body ...) (call-with-values (lambda () expr) (lambda formals body ...)))))
(my-let-values (((a b) (values 1 2))) (+ a b)) ;=> 3
(define-syntax def-both (syntax-rules () ((_ (name val) ...) (begin (define name val) ...))))
(def-both (aa 1) (bb 2))
(+ aa bb) ;=> 3
(define-syntax rec-list (syntax-rules () ((_) '()) ((_ x . rest) (cons x (rec-list . rest)))))
(rec-list 1 2 3) ;=> (1 2 3)
;; An ellipsis listed among the literals is a literal (R7RS 4.3.2).
(define-syntax dots-lit (syntax-rules (...) ((_ a ...) '(lit a)) ((_ a b) '(two a b))))
(dots-lit 1 ...) ;=> (lit 1)
(dots-lit 1 2) ;=> (two 1 2)
(define-syntax under-lit (syntax-rules (_) ((m _) 'under) ((m x) 'other)))
(under-lit _) ;=> under
(under-lit 1) ;=> other
