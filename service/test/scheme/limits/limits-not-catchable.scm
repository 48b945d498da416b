;;! status: timeout
;;! error: timeout
;;! timeout-ms: 200
(guard (e (#t (quote caught))) (let loop () (loop)))
