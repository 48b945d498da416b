/**
 * The core scope: the special forms and the prelude macros, shared by every evaluation and
 * never changed after start-up. Derived forms are rewritten into core forms through `core()`
 * identifiers, which always mean the core binding even where the program shadows the name.
 */
import { NIL, Pair, Sym, sym, type Value } from '../values.js';
import { Ident, Scope } from './scope.js';

/** Names the compiler treats as special forms. */
export const SPECIAL_NAMES = [
  'quote', 'quasiquote', 'lambda', 'define', 'set!', 'if', 'begin', 'let', 'let*', 'letrec',
  'letrec*', 'cond', 'case', 'and', 'or', 'when', 'unless', 'do', 'define-syntax', 'let-syntax',
  'letrec-syntax', 'syntax-rules', 'define-record-type', 'case-lambda', 'delay', 'delay-force',
  'make-promise-lazy', 'define-values', 'let-values', 'let*-values', 'named-lambda', 'er-macro-transformer',
  'import', 'cond-expand', 'syntax-error', 'define-library',
] as const;

/** The scope holding the special forms and prelude macros; the parent of every global scope. */
export const CORE_SCOPE = new Scope(null, null);
for (const name of SPECIAL_NAMES) CORE_SCOPE.map.set(sym(name), { kind: 'special', name });

const coreIds = new Map<string, Ident>();
/** An identifier that means `name` as seen from the core scope. */
export function core(name: string): Ident {
  let id = coreIds.get(name);
  if (id === undefined) coreIds.set(name, (id = new Ident(sym(name), CORE_SCOPE)));
  return id;
}

/** Build a list whose pairs carry `at`'s position (for rewritten forms). */
export function form(at: Value, ...items: Value[]): Pair {
  return formTail(at, items, NIL) as Pair;
}

/** Like `form` with a tail. */
export function formTail(at: Value, items: Value[], tail: Value): Value {
  let out = tail;
  const line = at instanceof Pair ? at.line : 0;
  const col = at instanceof Pair ? at.col : 0;
  for (let i = items.length - 1; i >= 0; i--) {
    const p = new Pair(items[i]!, out);
    p.line = line;
    p.col = col;
    out = p;
  }
  return out;
}

let freshCount = 0;
/** A fresh identifier no program text can name (temporaries of rewritten forms). */
export function fresh(name: string): Ident {
  return new Ident(Sym.fresh(`${name}.${++freshCount}`), CORE_SCOPE);
}
