;; (let ((x)) …) lacks the init: a syntax error, not an unspecified binding.
;;! status: error
;;! error: syntax_error 5:1
;;! message: let: each binding is (name expression)
(let ((x)) x)
