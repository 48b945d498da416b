;; A negative integer is a plain failure, 1.
;;! exit-code: 1
(exit -3)
