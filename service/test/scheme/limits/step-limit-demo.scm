;;! demo
;;! status: limit_exceeded
;;! error: step_limit
;;! message: step limit exceeded: more than 1000000 steps
(let loop ((i 0)) (loop (+ i 1)))
