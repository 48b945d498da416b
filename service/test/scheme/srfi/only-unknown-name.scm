;; An import set naming something the library does not export is an error naming it.
;;! status: error
;;! error: syntax_error 5:1
;;! message: import only: frobnicate is not exported by the library
(import (only (srfi 1) take frobnicate))
