;; An integer outside 0-255 is a plain failure, 1 (not reduced modulo 256).
;;! exit-code: 1
(exit 256)
