;; Quasiquote: unquote, splicing, nesting levels, vectors, dotted tails.
`(1 ,(+ 1 1) ,@(list 3 4)) ;=> (1 2 3 4)
`(a . ,(+ 1 2)) ;=> (a . 3)
`#(1 ,(* 2 3) ,@(list 7 8)) ;=> #(1 6 7 8)
`(1 `(2 ,(3 ,(+ 1 3)))) ;=> (1 (quasiquote (2 (unquote (3 4)))))
`(,@'() . tail) ;=> tail
`((,@(list 1 2)) ,@(list 3)) ;=> ((1 2) 3)
(let ((name 'a)) `(list ,name ',name)) ;=> (list a (quote a))
`(1 ,@(list 2 3) 4 ,@(list 5)) ;=> (1 2 3 4 5)
(quasiquote (x (unquote (* 2 2)))) ;=> (x 4)
`,(+ 2 3) ;=> 5
