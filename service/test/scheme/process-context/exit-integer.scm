;; An exact integer from 0 to 255 is the code itself.
;;! exit-code: 255
(exit 255)
