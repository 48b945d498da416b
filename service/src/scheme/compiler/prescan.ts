/**
 * Which global names a program may redefine, found before compiling anything: every target
 * of `define`, `set!`, `define-values`, `define-record-type` and `define-syntax`, anywhere in
 * the source (quoted data included: a harmless over-approximation). The compiler never
 * inlines a builtin whose name is in this set, so `(define (list . xs) xs)` works everywhere,
 * including in procedures compiled before the definition ran.
 */
import { Pair, SVector, Sym, type Value } from '../values.js';

const DEFINERS = new Set(['define', 'set!', 'define-values', 'define-record-type', 'define-syntax', 'define-macro']);

/** Names that appear as definition or assignment targets in `forms`. */
export function scanRedefinitions(forms: readonly Value[]): Set<Sym> {
  const out = new Set<Sym>();
  const seen = new Set<Value>();
  const stack: Value[] = [...forms];
  /** The name a define/set! target binds: `f`, `(f a)`, `((f a) b)`. */
  const addName = (t: Value): void => {
    let x = t;
    // Bounded: the reader's datum labels can make a car chain circular.
    for (let i = 0; x instanceof Pair && i < 1000; i++) x = x.car;
    if (x instanceof Sym) out.add(x);
  };
  const addAll = (t: Value): void => {
    let p = t;
    const visited = new Set<Value>();
    for (; p instanceof Pair && !visited.has(p); p = p.cdr) {
      visited.add(p);
      if (p.car instanceof Sym) out.add(p.car);
    }
    if (p instanceof Sym) out.add(p);
  };
  while (stack.length > 0) {
    const v = stack.pop()!;
    if (v instanceof SVector) {
      if (seen.has(v)) continue;
      seen.add(v);
      for (const item of v.items) stack.push(item);
      continue;
    }
    if (!(v instanceof Pair) || seen.has(v)) continue;
    seen.add(v);
    if (v.car instanceof Sym && DEFINERS.has(v.car.name) && v.cdr instanceof Pair) {
      const kind = v.car.name;
      if (kind === 'define-values') {
        addAll(v.cdr.car);
      } else if (kind === 'define-record-type') {
        // Constructor, predicate, accessors and modifiers are all definitions.
        let p = v.cdr.cdr;
        if (p instanceof Pair) {
          addName(p.car);
          p = p.cdr;
        }
        if (p instanceof Pair && p.car instanceof Sym) out.add(p.car);
        const visited = new Set<Value>();
        for (p = p instanceof Pair ? p.cdr : p; p instanceof Pair && !visited.has(p); p = p.cdr) {
          visited.add(p);
          if (p.car instanceof Pair) addAll(p.car.cdr);
        }
      } else {
        addName(v.cdr.car);
      }
    }
    stack.push(v.car, v.cdr);
  }
  return out;
}
