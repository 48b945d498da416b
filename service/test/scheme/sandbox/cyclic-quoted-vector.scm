;; A quoted circular vector is data: it prints with labels (and has no json copy).
'#0=#(1 #0#) ;=> #0=#(1 #0#)
(vector-ref '#0=#(1 #0#) 0) ;=> 1
