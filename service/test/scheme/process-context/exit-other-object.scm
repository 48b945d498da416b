;; Any other object is a plain failure, 1.
;;! exit-code: 1
(exit 'done)
