;; An inexact number, even an integral one, is a plain failure, 1.
;;! exit-code: 1
(exit 3.0)
