;; emergency-exit maps its argument like exit does.
;;! exit-code: 7
(emergency-exit 7)
