/**
 * `syntax-rules` (R7RS 4.3.2): pattern matching with ellipses at any depth, literals, custom
 * ellipsis, `(... ...)` escapes, vector and dotted patterns; templates are instantiated with
 * every introduced identifier renamed (scope.ts explains the hygiene).
 */
import { SchemeError } from '../errors.js';
import { Char, Flonum, MString, NIL, Pair, SVector, type Value } from '../values.js';
import { Ident, baseSym, isId, sameBinding, type Id, type Scope } from './scope.js';

/** A macro transformer made by `syntax-rules`. */
export class Macro {
  constructor(
    readonly name: string,
    readonly literals: Id[],
    readonly ellipsis: Id | null,
    readonly rules: ReadonlyArray<readonly [Value, Value]>,
    readonly scope: Scope,
  ) {
    this.ellipsisIsLiteral = literals.some((l) => (ellipsis !== null ? l === ellipsis || baseSym(l) === baseSym(ellipsis) : baseSym(l).name === '...'));
  }

  /** R7RS 4.3.2: an ellipsis listed among the literals is matched as a literal, not an ellipsis. */
  readonly ellipsisIsLiteral: boolean;
}

/** A sequence matched by a pattern followed by an ellipsis. */
class Seq {
  constructor(readonly items: Binding[]) {}
}
type Binding = Value | Seq;
type Bindings = Map<Id, Binding>;

const bad = (msg: string, at: Value): SchemeError => {
  const e = new SchemeError('syntax_error', msg, at instanceof Pair && at.line > 0 ? at.line : null, at instanceof Pair && at.line > 0 ? at.col : null);
  return e;
};

/** Parse `(syntax-rules [ellipsis] (literal …) (pattern template) …)`. */
export function makeSyntaxRules(spec: Pair, name: string, scope: Scope): Macro {
  if (isCyclic(spec)) throw bad('syntax-rules: circular structure (datum labels) in a macro definition', spec);
  let rest = spec.cdr;
  let ellipsis: Id | null = null;
  if (rest instanceof Pair && isId(rest.car)) {
    ellipsis = rest.car;
    rest = rest.cdr;
  }
  if (!(rest instanceof Pair)) throw bad('syntax-rules: expected a list of literals', spec);
  const literals: Id[] = [];
  for (let l = rest.car; l !== NIL; l = (l as Pair).cdr) {
    if (!(l instanceof Pair) || !isId(l.car)) throw bad('syntax-rules: literals must be identifiers', spec);
    literals.push(l.car);
  }
  const rules: Array<readonly [Value, Value]> = [];
  for (let r = rest.cdr; r !== NIL; r = (r as Pair).cdr) {
    if (!(r instanceof Pair) || !(r.car instanceof Pair) || !(r.car.cdr instanceof Pair) || r.car.cdr.cdr !== NIL) {
      throw bad('syntax-rules: each rule must be (pattern template)', spec);
    }
    rules.push([r.car.car, r.car.cdr.car]);
  }
  return new Macro(name, literals, ellipsis, rules, scope);
}

/** Expand one use of `macro`: the new form and how many pairs it took to build. */
export function expandMacro(macro: Macro, form: Pair, useScope: Scope): { form: Value; pairs: number } {
  const ctx = new Ctx(macro, useScope, form);
  for (const [pattern, template] of macro.rules) {
    const b: Bindings = new Map();
    // The keyword position is ignored (R7RS: it always matches).
    if (pattern instanceof Pair && ctx.match(pattern.cdr, form.cdr, b)) {
      return { form: ctx.instantiate(template, b, new Map(), true), pairs: ctx.pairs };
    }
  }
  throw bad(`${macro.name}: no syntax-rules pattern matches this use`, form);
}

class Ctx {
  /** Pairs made so far by this expansion. */
  pairs = 0;
  constructor(readonly macro: Macro, readonly useScope: Scope, readonly form: Pair) {}

  isEllipsis(v: Value): boolean {
    if (!isId(v) || this.macro.ellipsisIsLiteral) return false;
    const e = this.macro.ellipsis;
    return e !== null ? v === e || baseSym(v) === baseSym(e) : baseSym(v).name === '...';
  }

  isLiteral(v: Id): boolean {
    return this.macro.literals.some((l) => l === v || baseSym(l) === baseSym(v));
  }

  match(p: Value, x: Value, b: Bindings): boolean {
    for (;;) {
      if (isId(p)) {
        if (this.isLiteral(p)) return isId(x) && sameBinding(x, this.useScope, p, this.macro.scope);
        if (baseSym(p).name !== '_') b.set(p, x);
        return true;
      }
      if (p instanceof Pair) {
        if (p.cdr instanceof Pair && this.isEllipsis(p.cdr.car)) return this.matchEllipsis(p.car, p.cdr.cdr, x, b);
        if (!(x instanceof Pair) || !this.match(p.car, x.car, b)) return false;
        p = p.cdr;
        x = x.cdr;
        continue;
      }
      if (p === NIL) return x === NIL;
      if (p instanceof SVector) {
        return x instanceof SVector && this.match(listOf(p.items), listOf(x.items), b);
      }
      return datumEqual(p, x);
    }
  }

  private matchEllipsis(sub: Value, after: Value, x: Value, b: Bindings): boolean {
    let minAfter = 0;
    for (let a = after; a instanceof Pair; a = a.cdr) minAfter++;
    const items: Value[] = [];
    let slow = x;
    for (let y = x; y instanceof Pair; y = y.cdr) {
      items.push(y.car);
      if ((items.length & 1) === 0) slow = (slow as Pair).cdr;
      if (y.cdr === slow) return false; // a circular list matches no pattern
    }
    const count = items.length - minAfter;
    if (count < 0) return false;
    const seqs: Bindings[] = [];
    let y = x;
    for (let i = 0; i < count; i++) {
      const sb: Bindings = new Map();
      if (!this.match(sub, (y as Pair).car, sb)) return false;
      seqs.push(sb);
      y = (y as Pair).cdr;
    }
    for (const v of this.patternVars(sub)) b.set(v, new Seq(seqs.map((sb) => sb.get(v)!)));
    return this.match(after, y, b);
  }

  patternVars(p: Value, out: Id[] = []): Id[] {
    if (isId(p)) {
      if (!this.isLiteral(p) && !this.isEllipsis(p) && baseSym(p).name !== '_') out.push(p);
    } else if (p instanceof Pair) {
      this.patternVars(p.car, out);
      this.patternVars(p.cdr, out);
    } else if (p instanceof SVector) {
      for (const q of p.items) this.patternVars(q, out);
    }
    return out;
  }

  instantiate(t: Value, b: Bindings, renames: Map<Id, Ident>, ellipsisOn: boolean): Value {
    if (isId(t)) {
      if (b.has(t)) {
        const v = b.get(t)!;
        if (v instanceof Seq) throw bad(`${this.macro.name}: pattern variable ${baseSym(t).name} used without an ellipsis`, this.form);
        return v;
      }
      let r = renames.get(t);
      if (r === undefined) renames.set(t, (r = new Ident(t, this.macro.scope)));
      return r;
    }
    if (t instanceof SVector) {
      const l = this.instantiate(listOf(t.items), b, renames, ellipsisOn);
      const items: Value[] = [];
      for (let x = l; x instanceof Pair; x = x.cdr) items.push(x.car);
      return new SVector(items, false);
    }
    if (!(t instanceof Pair)) return t;
    if (ellipsisOn && this.isEllipsis(t.car) && t.cdr instanceof Pair) {
      return this.instantiate(t.cdr.car, b, renames, false);
    }
    const head = new Pair(NIL, NIL);
    let tail = head;
    let cur: Value = t;
    while (cur instanceof Pair) {
      let next: Value = cur.cdr;
      if (ellipsisOn && next instanceof Pair && this.isEllipsis(next.car)) {
        let depth = 0;
        while (next instanceof Pair && this.isEllipsis(next.car)) {
          depth++;
          next = next.cdr;
        }
        for (const v of this.expandEllipsis(cur.car, depth, b, renames)) tail = this.append(tail, v);
      } else {
        tail = this.append(tail, this.instantiate(cur.car, b, renames, ellipsisOn));
      }
      cur = next;
    }
    tail.cdr = cur === NIL ? NIL : this.instantiate(cur, b, renames, ellipsisOn);
    return head.cdr;
  }

  private append(tail: Pair, v: Value): Pair {
    this.pairs++;
    const p = new Pair(v, NIL);
    p.line = this.form.line;
    p.col = this.form.col;
    tail.cdr = p;
    return p;
  }

  private expandEllipsis(sub: Value, depth: number, b: Bindings, renames: Map<Id, Ident>): Value[] {
    const vars = this.templateVars(sub, b).filter((v) => b.get(v) instanceof Seq);
    if (vars.length === 0) throw bad(`${this.macro.name}: no pattern variable before ... in template`, this.form);
    let len = -1;
    for (const v of vars) {
      const n = (b.get(v) as Seq).items.length;
      if (len === -1 || n < len) len = n;
    }
    const out: Value[] = [];
    for (let i = 0; i < len; i++) {
      const ib: Bindings = new Map(b);
      for (const v of vars) ib.set(v, (b.get(v) as Seq).items[i]!);
      if (depth > 1) out.push(...this.expandEllipsis(sub, depth - 1, ib, renames));
      else out.push(this.instantiate(sub, ib, renames, true));
    }
    return out;
  }

  private templateVars(t: Value, b: Bindings, out: Id[] = []): Id[] {
    if (isId(t)) {
      if (b.has(t) && !out.includes(t)) out.push(t);
    } else if (t instanceof Pair) {
      this.templateVars(t.car, b, out);
      this.templateVars(t.cdr, b, out);
    } else if (t instanceof SVector) {
      for (const x of t.items) this.templateVars(x, b, out);
    }
    return out;
  }
}

/** Whether a cycle is reachable from `v` through pairs and vectors (shared, acyclic parts are fine). */
function isCyclic(v: Value): boolean {
  const done = new Set<Value>();
  const onPath = new Set<Value>();
  // Iterative depth-first search: [node, children left to visit].
  const stack: Array<[Value, Value[]]> = [];
  const children = (x: Value): Value[] => (x instanceof Pair ? [x.car, x.cdr] : x instanceof SVector ? [...x.items] : []);
  const enter = (x: Value): boolean => {
    if (!(x instanceof Pair || x instanceof SVector) || done.has(x)) return false;
    if (onPath.has(x)) return true;
    onPath.add(x);
    stack.push([x, children(x)]);
    return false;
  };
  if (enter(v)) return true;
  while (stack.length > 0) {
    const top = stack[stack.length - 1]!;
    const next = top[1].pop();
    if (next === undefined) {
      stack.pop();
      onPath.delete(top[0]);
      done.add(top[0]);
    } else if (enter(next)) {
      return true;
    }
  }
  return false;
}

function listOf(items: readonly Value[]): Value {
  let l: Value = NIL;
  for (let i = items.length - 1; i >= 0; i--) l = new Pair(items[i]!, l);
  return l;
}

/** equal? on the atoms a pattern may contain. */
function datumEqual(a: Value, b: Value): boolean {
  if (a === b) return true;
  if (a instanceof MString && b instanceof MString) return a.chars === b.chars;
  if (a instanceof Char && b instanceof Char) return a.code === b.code;
  if (a instanceof Flonum && b instanceof Flonum) return Object.is(a.value, b.value);
  if (typeof a === 'bigint' && typeof b === 'bigint') return a === b;
  return false;
}
