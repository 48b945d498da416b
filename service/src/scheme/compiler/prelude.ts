/**
 * Derived forms written as `syntax-rules` macros (R7RS 7.3 gives guard this way), defined
 * once in the core scope. Their templates call `%` aliases of builtins so a program that
 * redefines `values` or `apply` does not change them.
 */
import { sym, Pair, type Value } from '../values.js';
import { readAll } from '../reader/index.js';
import { CORE_SCOPE } from './core-scope.js';
import { makeSyntaxRules } from './syntax-rules.js';

const PRELUDE = `
(define-syntax guard
  (syntax-rules ()
    ((_ (var clause ...) e1 e2 ...)
     ((%call/cc
       (lambda (guard-k)
         (%with-exception-handler
          (lambda (condition)
            ((%call/cc
              (lambda (handler-k)
                (guard-k
                 (lambda ()
                   (let ((var condition))
                     (guard-aux
                      (handler-k (lambda () (%raise-continuable condition)))
                      clause ...))))))))
          (lambda ()
            (%call-with-values
             (lambda () e1 e2 ...)
             (lambda args (guard-k (lambda () (%apply %values args)))))))))))))

(define-syntax guard-aux
  (syntax-rules (else =>)
    ((_ reraise (else result1 result2 ...)) (begin result1 result2 ...))
    ((_ reraise (test => result)) (let ((temp test)) (if temp (result temp) reraise)))
    ((_ reraise (test => result) clause1 clause2 ...)
     (let ((temp test)) (if temp (result temp) (guard-aux reraise clause1 clause2 ...))))
    ((_ reraise (test)) (or test reraise))
    ((_ reraise (test) clause1 clause2 ...)
     (let ((temp test)) (if temp temp (guard-aux reraise clause1 clause2 ...))))
    ((_ reraise (test result1 result2 ...)) (if test (begin result1 result2 ...) reraise))
    ((_ reraise (test result1 result2 ...) clause1 clause2 ...)
     (if test (begin result1 result2 ...) (guard-aux reraise clause1 clause2 ...)))))

(define-syntax parameterize
  (syntax-rules ()
    ((_ () body1 body2 ...) (let () body1 body2 ...))
    ((_ ((param value) ...) body1 body2 ...)
     (%parameterize (%list param ...) (%list value ...) (lambda () body1 body2 ...)))))

(define-syntax cons-stream
  (syntax-rules ()
    ((_ a b) (%cons a (delay b)))))

(define-syntax assert
  (syntax-rules ()
    ((_ e) (if e #t (%error "assertion failed:" 'e)))
    ((_ e message irritant ...) (if e #t (%error message irritant ...)))))
`;

for (const f of readAll(PRELUDE)) {
  const [, name, spec] = [(f as Pair).car, ((f as Pair).cdr as Pair).car, (((f as Pair).cdr as Pair).cdr as Pair).car] as Value[];
  const s = name as ReturnType<typeof sym>;
  CORE_SCOPE.map.set(s, { kind: 'macro', macro: makeSyntaxRules(spec as Pair, s.name, CORE_SCOPE) });
}
