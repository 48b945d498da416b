;;! status: error
;;! error: user_error 5:3
;;! message: parse: bad token: "x" 3
;; (error (quote who) "message" irritant ...) reads as "who: message irritant ...".
  (error (quote parse) "bad token:" "x" 3)
