;;! value-truncated
(make-list 100000 (quote abc))
