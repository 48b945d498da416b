/**
 * The compiler: expanded source → nodes with lexical addresses resolved. Special forms are
 * looked up through the scope (so user bindings shadow them); macros are expanded on the way.
 */
import { SchemeError } from '../errors.js';
import { Primitive } from '../machine/procedures.js';
import type { Node } from '../machine/node.js';
import { NIL, Pair, SVector, Sym, UNSPECIFIED, type Value } from '../values.js';
import { Call, PrimCall, SimpleCall, SimpleCall1, SimpleCall2, SimpleCall3 } from './call-nodes.js';
import { FAST1, FAST2 } from './fast-ops.js';
import { Cell, Const, GlobalRef, Seq, SetGlobal, SetLocal, localRef } from './nodes.js';
import { FrameInfo, Scope, baseSym, depthOf, isId, resolve, strip, type Binding, type Id } from './scope.js';
import { expandMacro, makeSyntaxRules, Macro } from './syntax-rules.js';
import type { LambdaInfo } from '../machine/procedures.js';

/** A special-form compiler. */
export type SpecialForm = (c: Compiler, x: Pair, scope: Scope, name: string | null) => Node;

/** A syntax error located at a form. */
export function syntaxError(message: string, at: Value): SchemeError {
  const p = at instanceof Pair && at.line > 0 ? at : null;
  return new SchemeError('syntax_error', message, p?.line ?? null, p?.col ?? null);
}

/** The elements of a proper list, or a syntax error naming `what`. */
export function listItems(x: Value, what: string, at: Value): Value[] {
  const out: Value[] = [];
  let l = x;
  let slow = x;
  while (l instanceof Pair) {
    out.push(l.car);
    l = l.cdr;
    // Floyd: a circular list (datum labels) is not code.
    if ((out.length & 1) === 0) slow = (slow as Pair).cdr;
    if (l === slow && l instanceof Pair) throw syntaxError(`bad syntax in ${what}: circular list`, at);
  }
  if (l !== NIL) throw syntaxError(`bad syntax in ${what}: expected a proper list`, at);
  return out;
}

/** Registry of special forms by name (filled by special-forms.ts). */
export const SPECIAL_FORMS = new Map<string, SpecialForm>();

/** Compiles the forms of one evaluation against its globals. */
export class Compiler {
  constructor(
    readonly globals: Map<Sym, Cell>,
    /** Builtin names the program may redefine: never inlined. */
    readonly redefined: ReadonlySet<Sym>,
    readonly globalScope: Scope,
  ) {}

  cell(s: Sym): Cell {
    let c = this.globals.get(s);
    if (c === undefined) this.globals.set(s, (c = new Cell(s)));
    return c;
  }

  /** Compile an expression. `name` names a lambda it produces (for `#<procedure name>`). */
  compile(x: Value, scope: Scope, name: string | null = null): Node {
    for (;;) {
      if (isId(x)) return this.variable(x, scope, x);
      if (x instanceof Pair) {
        const head = x.car;
        if (isId(head)) {
          const b = resolve(head, scope);
          if (b.kind === 'special') {
            const form = SPECIAL_FORMS.get(b.name);
            if (form === undefined) throw syntaxError(`${b.name}: not allowed in an expression`, x);
            return form(this, x, scope, name).at(x.line, x.col);
          }
          if (b.kind === 'macro') {
            // Iterate (not recurse) so a macro that keeps expanding into itself cannot exhaust the host stack.
            x = this.expand(b.macro, x, scope);
            continue;
          }
        }
        return this.call(x, scope);
      }
      if (x === NIL) throw syntaxError('empty combination (): a call needs a procedure', x);
      if (x instanceof SVector) return new Const(strip(x));
      return new Const(x);
    }
  }

  /** Expand one macro use, charging the expansion to the evaluation's clock and memory. */
  expand(macro: Macro, x: Pair, scope: Scope): Value {
    const out = expandMacro(macro, x, scope);
    this.budget?.(out.pairs);
    return out.form;
  }

  /** Called after each expansion with the pairs it made (set by the evaluation: limits). */
  budget: ((pairs: number) => void) | null = null;

  variable(id: Id, scope: Scope, at: Value): Node {
    const b = resolve(id, scope);
    switch (b.kind) {
      case 'local':
        return localRef(depthOf(b, scope), b.index, b.checked, b.name);
      case 'global':
        return new GlobalRef(this.cell(b.sym));
      default:
        throw syntaxError(`bad syntax: ${baseSym(id).name} is a keyword, not a variable`, at);
    }
  }

  /** Assignment node for `id` (set! or define of a local). */
  assign(id: Id, value: Node, scope: Scope, at: Value): Node {
    const b = resolve(id, scope);
    if (b.kind === 'local') return new SetLocal(depthOf(b, scope), b.index, value);
    if (b.kind === 'global') return new SetGlobal(this.cell(b.sym), value, false);
    throw syntaxError(`set!: ${baseSym(id).name} is a keyword, not a variable`, at);
  }

  private call(x: Pair, scope: Scope): Node {
    const argForms = listItems(x.cdr, 'a call', x);
    const args = argForms.map((a) => this.compile(a, scope));
    const head = x.car;
    if (isId(head)) {
      const b = resolve(head, scope);
      if (b.kind === 'global' && !this.redefined.has(b.sym)) {
        const cell = this.cell(b.sym);
        if (cell.value instanceof Primitive) {
          const fast1 = args.length === 1 ? FAST1.get(b.sym.name) ?? null : null;
          const fast2 = args.length === 2 ? FAST2.get(b.sym.name) ?? null : null;
          return new PrimCall(cell, cell.value, args, fast1, fast2).at(x.line, x.col);
        }
      }
    }
    const fn = this.compile(head, scope);
    let node: Node;
    if (fn.simple && args.every((a) => a.simple)) {
      if (args.length === 1) node = new SimpleCall1(fn, args[0]!);
      else if (args.length === 2) node = new SimpleCall2(fn, args[0]!, args[1]!);
      else if (args.length === 3) node = new SimpleCall3(fn, args[0]!, args[1]!, args[2]!);
      else node = new SimpleCall(fn, args);
    } else {
      node = new Call(fn, args);
    }
    return node.at(x.line, x.col);
  }

  /** Compile `(lambda formals body…)` parts into a LambdaInfo. */
  lambda(formals: Value, body: Value, scope: Scope, name: string | null, at: Value): LambdaInfo {
    const frame = new FrameInfo();
    const s = new Scope(scope, frame);
    let nreq = 0;
    let rest = false;
    let f = formals;
    const seen = new Set<Id>();
    const param = (id: Value): void => {
      if (!isId(id)) throw syntaxError('lambda: parameters must be identifiers', at);
      if (seen.has(id)) throw syntaxError(`lambda: duplicate parameter ${baseSym(id).name}`, at);
      seen.add(id);
      s.declare(id, false);
    };
    while (f instanceof Pair) {
      param(f.car);
      nreq++;
      f = f.cdr;
    }
    if (f !== NIL) {
      param(f);
      rest = true;
    }
    const info: LambdaInfo = { nreq, rest, extra: 0, body: new Const(UNSPECIFIED), name };
    info.body = this.body(listItems(body, 'a lambda body', at), s, at);
    info.extra = frame.size - 1 - nreq - (rest ? 1 : 0);
    return info;
  }

  /**
   * A body: internal definitions (found after expanding macros, splicing `begin`) become
   * slots of `scope`'s frame with letrec* semantics; then the expressions in order.
   */
  body(forms: Value[], scope: Scope, at: Value): Node {
    const queue = forms.slice();
    const items: Array<{ bind: Binding | null; form: Value; name: string | null }> = [];
    while (queue.length > 0) {
      const f = queue.shift()!;
      const d = this.definitionOf(f, scope);
      if (d === null) {
        items.push({ bind: null, form: f, name: null });
      } else if (d.kind === 'splice') {
        queue.unshift(...d.forms);
      } else if (d.kind === 'define') {
        items.push({ bind: scope.declare(d.id, true), form: d.value, name: baseSym(d.id).name });
      }
    }
    if (items.length === 0) throw syntaxError('empty body', at);
    const nodes = items.map(({ bind, form, name }) => {
      if (bind === null || bind.kind !== 'local') return this.compile(form, scope);
      return new SetLocal(0, bind.index, this.compile(form, scope, name));
    });
    return nodes.length === 1 ? nodes[0]! : new Seq(nodes);
  }

  /**
   * Classify a body or top-level form: a definition, forms to splice in its place (begin,
   * expanded macro uses, derived definitions), or null for an expression. `define-syntax` is
   * handled here (it binds in `scope`) and splices nothing.
   */
  definitionOf(f: Value, scope: Scope): Definition | null {
    if (!(f instanceof Pair) || !isId(f.car)) return null;
    const b = resolve(f.car, scope);
    if (b.kind === 'macro') return { kind: 'splice', forms: [this.expand(b.macro, f, scope)] };
    if (b.kind !== 'special') return null;
    const handler = DEFINITION_FORMS.get(b.name);
    return handler === undefined ? null : handler(this, f, scope);
  }

  /** Compile one top-level form: definitions are global. */
  toplevel(form: Value, scope: Scope): Node {
    let f = form;
    let d = this.definitionOf(f, scope);
    while (d !== null && d.kind === 'splice' && d.forms.length === 1) {
      f = d.forms[0]!;
      d = this.definitionOf(f, scope);
    }
    if (d === null) return this.compile(f, scope);
    if (d.kind === 'splice') {
      if (d.forms.length === 0) return new Const(UNSPECIFIED);
      const nodes = d.forms.map((g) => this.toplevel(g, scope));
      return nodes.length === 1 ? nodes[0]! : new Seq(nodes);
    }
    const sym = baseSym(d.id);
    // A variable now: a same-named macro or special form of this program no longer applies.
    if (scope.map.has(d.id) || resolve(d.id, scope).kind !== 'global') scope.map.set(sym, { kind: 'global', sym });
    const node = new SetGlobal(this.cell(sym), this.compile(d.value, scope, sym.name), true);
    return f instanceof Pair ? node.at(f.line, f.col) : node;
  }

  /** Bind a `syntax-rules` macro for `(define-syntax id spec)` and friends. */
  macro(id: Id, spec: Value, scope: Scope, at: Value): Macro {
    if (spec instanceof Pair && isId(spec.car)) {
      const b = resolve(spec.car, scope);
      if (b.kind === 'special' && b.name === 'syntax-rules') return makeSyntaxRules(spec, baseSym(id).name, scope);
      if (b.kind === 'special' && b.name === 'er-macro-transformer') throw syntaxError('only syntax-rules macros are supported', at);
    }
    if (isId(spec)) {
      const b = resolve(spec, scope);
      if (b.kind === 'macro') return b.macro;
    }
    throw syntaxError(`define-syntax: expected (syntax-rules …) for ${baseSym(id).name}`, at);
  }
}

/** What a definition-like form turned into. */
export type Definition =
  | { readonly kind: 'define'; readonly id: Id; readonly value: Value }
  | { readonly kind: 'splice'; readonly forms: Value[] };

/** Definition forms by special-form name (filled by definitions.ts). */
export const DEFINITION_FORMS = new Map<string, (c: Compiler, f: Pair, scope: Scope) => Definition>();
