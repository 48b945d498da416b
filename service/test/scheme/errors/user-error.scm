;;! status: error
;;! error: user_error 4:3
;;! message: something bad: 42 "str" (1 2) sym
  (error "something bad:" 42 "str" (list 1 2) (quote sym))
