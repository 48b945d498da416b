;; How values print (docs/values.md): the `write` form, labels only for cycles.
'(quote x) ;=> (quote x)
''a ;=> (quote a)
'(1 . 2) ;=> (1 . 2)
'#(1 #(2)) ;=> #(1 #(2))
#u8() ;=> #u8()
car ;=> #<procedure car>
(define (f) 1)
f ;=> #<procedure f>
(define-record-type point (make-point x y) point? (x point-x) (y point-y))
(make-point 1 "a") ;=> #<point x: 1 y: "a">
(define shared (list 1 2))
(list shared shared) ;=> ((1 2) (1 2))
(define v (vector 1 2))
(vector-set! v 1 v)
v ;=> #0=#(1 #0#)
(define c (list 'a 'b))
(set-cdr! (cdr c) c)
(list c c) ;=> (#0=(a b . #0#) #0#)
(string->symbol "a b") ;=> |a b|
(list 1.0 0.1 -0.0 1/3 (expt 2 70)) ;=> (1.0 0.1 -0.0 1/3 1180591620717411303424)
(eof-object) ;=> #<eof>
(list (if #f #f)) ;=> (#<unspecified>)
;; Invisible format characters are written in hex, so a printed value shows what it holds.
(list #\x200B #\xAD #\x202E) ;=> (#\x200b #\xad #\x202e)
