;; apply (R7RS 6.10): the arguments before the final list are passed first.
(apply + 1 2 '(3)) ;=> 6
(apply + '()) ;=> 0
(apply list 'a '(b c)) ;=> (a b c)
(guard (e (#t (error-object-message e))) (apply +)) ;=> "apply: expected at least 2 arguments, got 1"
(guard (e (#t (error-object-message e))) (apply + 1 2)) ;=> "apply: expected a list, got 2"
