/**
 * Core special forms compiled directly to nodes: quote, lambda, if, set!, begin, let,
 * letrec/letrec*, and/or, let-syntax, case-lambda. Derived forms are in derived-forms.ts.
 */
import { MString, NIL, Pair, UNSPECIFIED, type Value } from '../values.js';
import { writeString } from '../printer.js';
import { Let } from './call-nodes.js';
import { SPECIAL_FORMS, listItems, syntaxError, type Compiler } from './compiler.js';
import { core, form, formTail } from './core-scope.js';
import { AndOr, CaseLambdaNode, Const, If, Lambda, NewFrame, Seq, SetLocal } from './nodes.js';
import { FrameInfo, Scope, baseSym, isId, strip, type Id } from './scope.js';
import type { Node } from '../machine/node.js';

const def = (name: string, fn: (c: Compiler, x: Pair, scope: Scope, name: string | null) => Node): void => {
  SPECIAL_FORMS.set(name, fn);
};

/** `(name a b …)` → [a, b, …], checking the count. */
export function args(x: Pair, min: number, max = Infinity): Value[] {
  const items = listItems(x.cdr, baseSym(x.car as Id).name, x);
  if (items.length < min || items.length > max) throw syntaxError(`${baseSym(x.car as Id).name}: bad syntax`, x);
  return items;
}

/** Parse `((var init) …)` bindings. */
export function bindings(spec: Value, what: string, at: Pair): Array<[Id, Value]> {
  const seen = new Set<Id>();
  return listItems(spec, what, at).map((b) => {
    const parts = listItems(b, what, at);
    if (parts.length !== 2 || !isId(parts[0]!)) throw syntaxError(`${what}: each binding is (name expression)`, at);
    const id = parts[0] as Id;
    if (seen.has(id)) throw syntaxError(`${what}: duplicate binding ${baseSym(id).name}`, at);
    seen.add(id);
    return [id, parts[1]!];
  });
}

def('quote', (_c, x) => new Const(strip(args(x, 1, 1)[0]!)));

def('lambda', (c, x, scope, name) => {
  const [formals] = args(x, 2);
  return new Lambda(c.lambda(formals!, (x.cdr as Pair).cdr, scope, name, x));
});

def('named-lambda', (c, x, scope) => {
  const [spec] = args(x, 2);
  if (!(spec instanceof Pair) || !isId(spec.car)) throw syntaxError('named-lambda: expected (name formals…)', x);
  return new Lambda(c.lambda(spec.cdr, (x.cdr as Pair).cdr, scope, baseSym(spec.car).name, x));
});

def('if', (c, x, scope) => {
  const a = args(x, 2, 3);
  const otherwise = a.length === 3 ? c.compile(a[2]!, scope) : new Const(UNSPECIFIED);
  return new If(c.compile(a[0]!, scope), c.compile(a[1]!, scope), otherwise);
});

def('set!', (c, x, scope) => {
  const [id, value] = args(x, 2, 2);
  if (!isId(id!)) throw syntaxError('set!: expected a variable name', x);
  return c.assign(id, c.compile(value!, scope, baseSym(id).name), scope, x);
});

def('begin', (c, x, scope) => {
  const forms = args(x, 0);
  if (forms.length === 0) return new Const(UNSPECIFIED);
  const nodes = forms.map((f) => c.compile(f, scope));
  return nodes.length === 1 ? nodes[0]! : new Seq(nodes);
});

def('define', (_c, x) => {
  throw syntaxError('define: only allowed at top level or at the start of a body', x);
});
for (const name of ['define-values', 'define-record-type', 'define-syntax', 'define-library']) {
  def(name, (_c, x) => {
    throw syntaxError(`${name}: only allowed at top level or at the start of a body`, x);
  });
}
def('import', (_c, x) => {
  throw syntaxError('import: only allowed at the start of a program', x);
});

/** (syntax-error "message" form …): a macro's way to reject a use (R7RS 4.3.3). */
def('syntax-error', (_c, x) => {
  const [message, ...irritants] = args(x, 1);
  const text = message instanceof MString ? message.chars : 'syntax error';
  const shown = irritants.map((i) => writeString(strip(i))).join(' ');
  throw syntaxError(shown === '' ? text : `${text} ${shown}`, x);
});

def('syntax-rules', (_c, x) => {
  throw syntaxError('syntax-rules: only allowed in define-syntax, let-syntax or letrec-syntax', x);
});

def('let', (c, x, scope, name) => {
  const a = args(x, 2);
  if (isId(a[0]!)) return c.compile(namedLet(x, a[0], a[1]!, (x.cdr as Pair).cdr as Pair), scope, name);
  const binds = bindings(a[0]!, 'let', x);
  const inits = binds.map(([id, init]) => c.compile(init, scope, baseSym(id).name));
  const frame = new FrameInfo();
  const s = new Scope(scope, frame);
  for (const [id] of binds) s.declare(id, false);
  const body = c.body(listItems((x.cdr as Pair).cdr, 'let', x), s, x);
  return new Let(inits, frame.size - 1 - binds.length, body);
});

/** (let name ((v init) …) body…) → ((letrec ((name (lambda (v …) body…))) name) init …) */
function namedLet(x: Pair, name: Id, spec: Value, rest: Pair): Value {
  const binds = bindings(spec, 'named let', x);
  const lambda = formTail(x, [core('named-lambda'), formTail(x, [name, ...binds.map(([id]) => id)], NIL)], rest.cdr);
  const letrec = form(x, core('letrec'), form(x, form(x, name, lambda)), name);
  return formTail(x, [letrec, ...binds.map(([, init]) => init)], NIL);
}

def('let*', (c, x, scope, name) => {
  const a = args(x, 2);
  const binds = listItems(a[0]!, 'let*', x);
  const body = (x.cdr as Pair).cdr;
  if (binds.length <= 1) return c.compile(formTail(x, [core('let'), a[0]!], body), scope, name);
  let out: Value = formTail(x, [core('let'), form(x, binds[binds.length - 1]!)], body);
  for (let i = binds.length - 2; i >= 0; i--) out = form(x, core('let'), form(x, binds[i]!), out);
  return c.compile(out, scope, name);
});

function letrec(c: Compiler, x: Pair, scope: Scope): Node {
  const a = args(x, 2);
  const binds = bindings(a[0]!, 'letrec', x);
  const frame = new FrameInfo();
  const s = new Scope(scope, frame);
  const slots = binds.map(([id]) => s.declare(id, true));
  const inits = binds.map(([id, init], i) => new SetLocal(0, (slots[i] as { index: number }).index, c.compile(init, s, baseSym(id).name)));
  const body = c.body(listItems((x.cdr as Pair).cdr, 'letrec', x), s, x);
  return new NewFrame(frame.size, new Seq([...inits, body]));
}
def('letrec', letrec);
def('letrec*', letrec);

def('and', (c, x, scope) => {
  const nodes = args(x, 0).map((f) => c.compile(f, scope));
  if (nodes.length === 0) return new Const(true);
  return nodes.length === 1 ? nodes[0]! : new AndOr(nodes, true);
});

def('or', (c, x, scope) => {
  const nodes = args(x, 0).map((f) => c.compile(f, scope));
  if (nodes.length === 0) return new Const(false);
  return nodes.length === 1 ? nodes[0]! : new AndOr(nodes, false);
});

function letSyntax(c: Compiler, x: Pair, scope: Scope): Node {
  const a = args(x, 2);
  const s = new Scope(scope, scope.frame);
  const isRec = baseSym(x.car as Id).name === 'letrec-syntax';
  for (const [id, spec] of bindings(a[0]!, 'let-syntax', x)) {
    s.map.set(id, { kind: 'macro', macro: c.macro(id, spec, isRec ? s : scope, x) });
  }
  const frame = new FrameInfo();
  const bodyScope = new Scope(s, frame);
  const body = c.body(listItems((x.cdr as Pair).cdr, 'let-syntax', x), bodyScope, x);
  return new Let([], frame.size - 1, body);
}
def('let-syntax', letSyntax);
def('letrec-syntax', letSyntax);

def('case-lambda', (c, x, scope, name) => {
  const clauses = args(x, 0).map((cl) => {
    if (!(cl instanceof Pair)) throw syntaxError('case-lambda: each clause is (formals body…)', x);
    return c.lambda(cl.car, cl.cdr, scope, name, x);
  });
  return new CaseLambdaNode(clauses, name);
});
