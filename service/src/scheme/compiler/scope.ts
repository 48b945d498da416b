/**
 * Compile-time environments and hygienic identifiers.
 *
 * Hygiene (docs/interpreter.md): a `syntax-rules` template renames every symbol it introduces
 * to a fresh `Ident` that remembers the scope where the macro was defined. Looking an identifier
 * up first searches the use-site scopes for a binding of that exact `Ident` (made when the
 * expansion itself binds it: introduced temporaries never capture user names); failing that,
 * the `Ident`'s original name is looked up from the macro's definition scope, so a template's
 * free `if` or `list` means the definition-site binding whatever the use site shadows.
 */
import { NIL, Opaque, Pair, SVector, Sym, type Value } from '../values.js';
import type { Macro } from './syntax-rules.js';

/** A renamed identifier made by a macro expansion. */
export class Ident extends Opaque {
  readonly kind = 'identifier';
  constructor(
    public readonly name: Id,
    public readonly scope: Scope,
  ) {
    super();
  }
}

/** An identifier: a symbol, or a symbol renamed by one or more expansions. */
export type Id = Sym | Ident;

/** Whether a datum is an identifier. */
export const isId = (v: Value): v is Id => v instanceof Sym || v instanceof Ident;

/** The symbol an identifier was made from. */
export function baseSym(id: Id): Sym {
  let x: Id = id;
  while (x instanceof Ident) x = x.name;
  return x;
}

/** Runtime frame layout shared by the scopes that live in one environment frame. */
export class FrameInfo {
  /** Slots in use, counting slot 0 (the parent link). */
  size = 1;
  alloc(): number {
    return this.size++;
  }
}

/** What an identifier means. */
export type Binding =
  | { readonly kind: 'local'; readonly frame: FrameInfo; readonly index: number; readonly checked: boolean; readonly name: string }
  | { readonly kind: 'macro'; readonly macro: Macro }
  | { readonly kind: 'special'; readonly name: string }
  | { readonly kind: 'global'; readonly sym: Sym };

/** One lexical scope. `frame` is the runtime frame its variables live in (null at top level). */
export class Scope {
  readonly map = new Map<Id, Binding>();
  constructor(
    public readonly parent: Scope | null,
    public readonly frame: FrameInfo | null,
  ) {}

  /** Bind `id` to a fresh slot of this scope's frame. */
  declare(id: Id, checked: boolean): Binding {
    const frame = this.frame!;
    const b: Binding = { kind: 'local', frame, index: frame.alloc(), checked, name: baseSym(id).name };
    this.map.set(id, b);
    return b;
  }
}

// Weak: symbols of finished evaluations must stay collectable.
const globalBindings = new WeakMap<Sym, Binding>();

/** What `id` means in `scope`. Unbound identifiers are global variables. */
export function resolve(id: Id, scope: Scope): Binding {
  for (let s: Scope | null = scope; s !== null; s = s.parent) {
    const b = s.map.get(id);
    if (b !== undefined) return b;
  }
  if (id instanceof Ident) return resolve(id.name, id.scope);
  let g = globalBindings.get(id);
  if (g === undefined) globalBindings.set(id, (g = { kind: 'global', sym: id }));
  return g;
}

/** Frames between `scope` (depth 0) and the frame holding `b`. */
export function depthOf(b: Binding & { kind: 'local' }, scope: Scope): number {
  let depth = 0;
  let cur: FrameInfo | null = scope.frame;
  for (let s: Scope | null = scope; s !== null; s = s.parent) {
    if (s.frame !== cur) {
      depth++;
      cur = s.frame;
    }
    if (s.frame === b.frame) return depth;
  }
  throw new Error(`binding ${b.name} is not visible from this scope`);
}

/** Two identifiers mean the same binding (R7RS free-identifier=?, used for literals). */
export function sameBinding(a: Id, sa: Scope, b: Id, sb: Scope): boolean {
  const ba = resolve(a, sa);
  const bb = resolve(b, sb);
  if (ba.kind === 'global' && bb.kind === 'global') return ba.sym === bb.sym;
  return ba === bb;
}

/** `id` is the auxiliary keyword `name` (else, =>, …) and not shadowed by a local binding. */
export function isKeyword(v: Value, name: string, scope: Scope): boolean {
  if (!isId(v) || baseSym(v).name !== name) return false;
  const b = resolve(v, scope);
  return (b.kind === 'global' && b.sym.name === name) || (b.kind === 'special' && b.name === name);
}

/** Whether `v` holds an Ident anywhere (cycle-safe, iterative). */
function hasIdent(root: Value): boolean {
  const seen = new Set<Value>();
  const stack: Value[] = [root];
  while (stack.length > 0) {
    const v = stack.pop()!;
    if (v instanceof Ident) return true;
    if (!(v instanceof Pair) && !(v instanceof SVector)) continue;
    if (seen.has(v)) continue;
    seen.add(v);
    if (v instanceof Pair) stack.push(v.car, v.cdr);
    else stack.push(...v.items);
  }
  return false;
}

/** Replace every Ident by its symbol (for `quote`): quoted data never holds identifiers. */
export function strip(v: Value): Value {
  return hasIdent(v) ? copyStripped(v, new Map()) : v;
}

function copyStripped(v: Value, seen: Map<Value, Value>): Value {
  if (v instanceof Ident) return baseSym(v);
  if (v instanceof SVector) {
    const done = seen.get(v);
    if (done !== undefined) return done;
    const out = new SVector([], false);
    seen.set(v, out);
    for (const x of v.items) out.items.push(copyStripped(x, seen));
    return out;
  }
  if (!(v instanceof Pair)) return v;
  const done = seen.get(v);
  if (done !== undefined) return done;
  // Iterate along the spine so long lists do not deepen the JS stack.
  const head = new Pair(NIL, NIL);
  let tail = head;
  let cur: Value = v;
  while (cur instanceof Pair) {
    const again = seen.get(cur);
    if (again !== undefined) {
      tail.cdr = again;
      return head.cdr;
    }
    const p = new Pair(NIL, NIL);
    p.line = cur.line;
    p.col = cur.col;
    seen.set(cur, p);
    tail.cdr = p;
    tail = p;
    p.car = copyStripped(cur.car, seen);
    cur = cur.cdr;
  }
  tail.cdr = copyStripped(cur, seen);
  return head.cdr;
}
