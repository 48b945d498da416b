;; String processing: split, count words, reverse words, palindromes, char arithmetic.
(define (split str ch)
  (let loop ((chars (string->list str)) (cur '()) (out '()))
    (cond ((null? chars) (reverse (cons (list->string (reverse cur)) out)))
          ((char=? (car chars) ch) (loop (cdr chars) '() (cons (list->string (reverse cur)) out)))
          (else (loop (cdr chars) (cons (car chars) cur) out)))))
(split "the quick brown fox" #\space) ;=> ("the" "quick" "brown" "fox")
(define (count-words str) (length (filter (lambda (w) (not (string=? w ""))) (split str #\space))))
(count-words "  a  b c ") ;=> 3
(define (palindrome? s) (let ((cs (filter char-alphabetic? (map char-downcase (string->list s))))) (equal? cs (reverse cs))))
(palindrome? "A man, a plan, a canal: Panama") ;=> #t
(define (caesar s k)
  (string-map (lambda (c) (if (char-alphabetic? c)
                              (integer->char (+ 97 (modulo (+ (- (char->integer (char-downcase c)) 97) k) 26)))
                              c)) s))
(caesar "hello, world" 3) ;=> "khoor, zruog"
(string-join (reverse (split "one two three" #\space)) " ") ;=> "three two one"
(let ((out (open-output-string))) (for-each (lambda (n) (write n out) (write-char #\, out)) '(1 2 3)) (get-output-string out)) ;=> "1,2,3,"
(number->string (string->number "255") 16) ;=> "ff"
(list->string (list #\a #\λ #\z)) ;=> "aλz"
(string-length "λx") ;=> 2
