;; define-record-type: constructor, predicate, accessors, modifiers.
(define-record-type <point> (make-point x y) point? (x point-x set-point-x!) (y point-y))
(define p (make-point 3 4))
(point? p) ;=> #t
(point? 5) ;=> #f
(point-x p) ;=> 3
(point-y p) ;=> 4
(set-point-x! p 10)
(point-x p) ;=> 10
(define-record-type node (make-node val) node? (val node-val) (next node-next set-node-next!))
(define n (make-node 1))
(node-next n) ;=> #f
(set-node-next! n 'end)
(node-next n) ;=> end
(map point-x (list (make-point 1 2) (make-point 5 6))) ;=> (1 5)
