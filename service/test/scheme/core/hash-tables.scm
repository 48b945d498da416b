;; Hash tables (SRFI 69 names and Guile's hash-set!/hash-ref): equal? keys, insertion order.
(define h (make-hash-table))
(hash-table-set! h "apple" 1)
(hash-table-set! h '(1 2) 'list)
(hash-table-set! h 'sym 3)
(hash-table-ref/default h "apple" 0) ;=> 1
(hash-table-ref/default h (list 1 2) 0) ;=> list
(hash-table-ref h 'sym) ;=> 3
(hash-table-ref h 'nope (lambda () 'missing)) ;=> missing
(hash-table-update! h 'sym (lambda (v) (* v 10)))
(hash-table-update!/default h 'count (lambda (v) (+ v 1)) 0)
(hash-table-update!/default h 'count (lambda (v) (+ v 1)) 0)
(hash-table->alist h) ;=> (("apple" . 1) ((1 2) . list) (sym . 30) (count . 2))
(hash-table-count h) ;=> 4
(hash-table-keys h) ;=> ("apple" (1 2) sym count)
(let ((acc 0)) (hash-table-walk h (lambda (k v) (when (number? v) (set! acc (+ acc v))))) acc) ;=> 33
(hash-set! h 1.0 'float)
(hash-ref h 1) ;=> #f
(hash-ref h 1.0) ;=> float
h ;=> #<hash-table>
(guard (e (#t (list (error-object-message e) (error-object-irritants e)))) (hash-table-ref h 'nope)) ;=> ("hash-table-ref: no value for key" (nope))
