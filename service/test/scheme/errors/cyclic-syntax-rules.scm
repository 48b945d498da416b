;; A circular syntax-rules template is rejected when the macro is defined.
;;! status: error
;;! error: syntax_error 5:18
;;! message: syntax-rules: circular structure (datum labels) in a macro definition
(define-syntax m (syntax-rules () ((_ a) #0=(a . #0#))))
