;; dynamic-wind: before/after on normal exit, escapes and re-entries.
(define log '())
(define (note x) (set! log (cons x log)))
(dynamic-wind (lambda () (note 'before)) (lambda () (note 'during) 'value) (lambda () (note 'after))) ;=> value
(reverse log) ;=> (before during after)
(set! log '())
(call/cc (lambda (k) (dynamic-wind (lambda () (note 'in)) (lambda () (k 'out)) (lambda () (note 'out)))))
(reverse log) ;=> (in out)
;; Re-entry runs before again.
(set! log '())
(define reenter #f)
(define times 0)
(dynamic-wind
  (lambda () (note 'before))
  (lambda () (call/cc (lambda (c) (set! reenter c))) (note 'body))
  (lambda () (note 'after)))
(set! times (+ times 1))
(if (< times 2) (reenter #f))
(reverse log) ;=> (before body after before body after)
;; Nested winds unwind inner first, rewind outer first.
(set! log '())
(define k2 #f)
(define pass 0)
(dynamic-wind
  (lambda () (note 'a-in))
  (lambda () (dynamic-wind (lambda () (note 'b-in)) (lambda () (call/cc (lambda (c) (set! k2 c)))) (lambda () (note 'b-out))))
  (lambda () (note 'a-out)))
(set! pass (+ pass 1))
(if (= pass 1) (k2 'again))
(reverse log) ;=> (a-in b-in b-out a-out a-in b-in b-out a-out)
;; An error escaping through dynamic-wind runs the after thunk.
(set! log '())
(guard (e (#t (note 'handled))) (dynamic-wind (lambda () (note 'in)) (lambda () (car '())) (lambda () (note 'out))))
(reverse log) ;=> (in out handled)
