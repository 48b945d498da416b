;; Importing a library that does not exist is an error that names it.
;;! status: error
;;! error: syntax_error 6:1
;;! message: import: unknown library (srfi 9999); available: (scheme base) and the other R7RS-small libraries, (scheme list), (srfi 1), (srfi 6), (srfi 9), (srfi 11), (srfi 16), (srfi 23), (srfi 28), (srfi 39), (srfi 69), and any define-library in the program
(import (scheme base))
(import (srfi 9999))
