;; (scheme list) is SRFI 1 under its R7RS-large name; import sets select and rename its names.
(import (scheme base) (scheme list))
(take '(a b c d e) 2) ;=> (a b)
(import (prefix (srfi 1) s1:))
(s1:lset-adjoin eq? '(a) 'b) ;=> (b a)
(import (rename (only (srfi 1) xcons) (xcons kons)))
(kons 'd 'a) ;=> (a . d)
(import (except (srfi 1) tenth))
(cond-expand ((library (srfi 1)) 'yes) (else 'no)) ;=> yes
(cond-expand ((library (srfi 9999)) 'yes) (else 'no)) ;=> no
