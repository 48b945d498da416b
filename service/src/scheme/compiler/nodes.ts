/**
 * Expression nodes: constants, variables, assignment, `if`, sequences, `and`/`or`, `lambda`.
 * Calls are in call-nodes.ts. Each node is `simple` when all its parts are (see machine/node.ts).
 */
import { SchemeError } from '../errors.js';
import { Node, pushFrame, simpleFrom, type Env, type FrameKind } from '../machine/node.js';
import type { Machine } from '../machine/machine.js';
import { CaseLambda, Closure, type LambdaInfo } from '../machine/procedures.js';
import { UNSPECIFIED, type Sym, type Value } from '../values.js';

/** A global variable. `value` is undefined until it is defined. */
export class Cell {
  value: Value | undefined = undefined;
  constructor(readonly sym: Sym) {}
}

/** The error for a variable with no value. */
export const unbound = (name: string): SchemeError => new SchemeError('unbound_variable', `unbound variable: ${name}`);

/** A constant (quoted datum or self-evaluating value). */
export class Const extends Node {
  override simple = true;
  constructor(readonly value: Value) {
    super();
  }
  override ev(): Value {
    return this.value;
  }
}

/** A global variable reference. */
export class GlobalRef extends Node {
  override simple = true;
  constructor(readonly cell: Cell) {
    super();
  }
  override ev(): Value {
    const v = this.cell.value;
    if (v === undefined) throw unbound(this.cell.sym.name);
    return v;
  }
}

/** A variable of the innermost frame. */
export class LocalRef0 extends Node {
  override simple = true;
  constructor(readonly index: number) {
    super();
  }
  override ev(env: Env): Value {
    return env[this.index];
  }
}

/** A variable of the enclosing frame. */
export class LocalRef1 extends Node {
  override simple = true;
  constructor(readonly index: number) {
    super();
  }
  override ev(env: Env): Value {
    return env[0][this.index];
  }
}

/** A variable `depth` frames out. */
export class LocalRef extends Node {
  override simple = true;
  constructor(readonly depth: number, readonly index: number) {
    super();
  }
  override ev(env: Env): Value {
    let e = env;
    for (let d = this.depth; d > 0; d--) e = e[0];
    return e[this.index];
  }
}

/** A reference to a letrec/internal-define slot, which may be read before it is set. */
export class CheckedRef extends Node {
  override simple = true;
  constructor(readonly depth: number, readonly index: number, readonly name: string) {
    super();
  }
  override ev(env: Env): Value {
    let e = env;
    for (let d = this.depth; d > 0; d--) e = e[0];
    const v = e[this.index];
    if (v === undefined) throw unbound(this.name);
    return v;
  }
}

/** A letrec/internal-define slot of the enclosing frame (the usual place of local procedures). */
export class CheckedRef1 extends Node {
  override simple = true;
  constructor(readonly index: number, readonly name: string) {
    super();
  }
  override ev(env: Env): Value {
    const v = env[0][this.index];
    if (v === undefined) throw unbound(this.name);
    return v;
  }
}

/** Make a reference node for a local slot. */
export function localRef(depth: number, index: number, checked: boolean, name: string): Node {
  if (checked) return depth === 1 ? new CheckedRef1(index, name) : new CheckedRef(depth, index, name);
  if (depth === 0) return new LocalRef0(index);
  if (depth === 1) return new LocalRef1(index);
  return new LocalRef(depth, index);
}

/** Shared base of assignments: evaluate `value`, then store it. */
abstract class Assign extends Node {
  private readonly valueSimple: boolean;
  constructor(readonly value: Node) {
    super();
    this.valueSimple = value.simple;
    simpleFrom(this, [value]);
  }
  abstract store(env: Env, v: Value): void;
  override ev(env: Env): Value {
    this.store(env, this.value.ev(env));
    return UNSPECIFIED;
  }
  override exec(m: Machine): Node | null {
    if (this.valueSimple) {
      this.store(m.env, this.value.ev(m.env));
      m.val = UNSPECIFIED;
      return null;
    }
    pushFrame(m, ASSIGN, this, this);
    return this.value;
  }
}

const ASSIGN: FrameKind = {
  resume(m, f) {
    (f.a as Assign).store(m.env, m.val);
    m.val = UNSPECIFIED;
    return null;
  },
};

/** set!/define of a local slot. */
export class SetLocal extends Assign {
  constructor(readonly depth: number, readonly index: number, value: Node) {
    super(value);
  }
  store(env: Env, v: Value): void {
    let e = env;
    for (let d = this.depth; d > 0; d--) e = e[0];
    e[this.index] = v;
  }
}

/** set!/define of a global. */
export class SetGlobal extends Assign {
  constructor(readonly cell: Cell, value: Node, readonly isDefine: boolean) {
    super(value);
  }
  store(_env: Env, v: Value): void {
    if (!this.isDefine && this.cell.value === undefined) throw unbound(this.cell.sym.name);
    this.cell.value = v;
  }
}

/** `if`; a simple test selects the branch without a frame. */
export class If extends Node {
  private readonly testSimple: boolean;
  constructor(readonly test: Node, readonly then: Node, readonly otherwise: Node) {
    super();
    this.testSimple = test.simple;
    simpleFrom(this, [test, then, otherwise]);
  }
  override ev(env: Env): Value {
    return this.test.ev(env) !== false ? this.then.ev(env) : this.otherwise.ev(env);
  }
  override exec(m: Machine): Node | null {
    if (this.testSimple) return this.test.ev(m.env) !== false ? this.then : this.otherwise;
    pushFrame(m, IF, this, this);
    return this.test;
  }
}

const IF: FrameKind = {
  resume(m, f) {
    const node = f.a as If;
    return m.val !== false ? node.then : node.otherwise;
  },
};

/** `begin` / a body: every node in order, the last in tail position. */
export class Seq extends Node {
  private readonly simples: boolean[];
  constructor(readonly nodes: Node[]) {
    super();
    this.simples = nodes.map((n) => n.simple);
    simpleFrom(this, nodes);
  }
  override ev(env: Env): Value {
    const ns = this.nodes;
    for (let i = 0; i < ns.length - 1; i++) ns[i]!.ev(env);
    return ns[ns.length - 1]!.ev(env);
  }
  override exec(m: Machine): Node | null {
    return this.from(m, 0);
  }
  from(m: Machine, i: number): Node {
    const ns = this.nodes;
    const last = ns.length - 1;
    for (; i < last; i++) {
      const n = ns[i]!;
      if (!this.simples[i]) {
        pushFrame(m, SEQ, n, this, i + 1);
        return n;
      }
      n.ev(m.env);
    }
    return ns[last]!;
  }
}

const SEQ: FrameKind = {
  resume: (m, f) => (f.a as Seq).from(m, f.b as number),
};

/** `and` (isAnd) or `or`: the first false (resp. true) value ends it; the last is a tail call. */
export class AndOr extends Node {
  private readonly simples: boolean[];
  constructor(readonly nodes: Node[], readonly isAnd: boolean) {
    super();
    this.simples = nodes.map((n) => n.simple);
    simpleFrom(this, nodes);
  }
  override ev(env: Env): Value {
    const ns = this.nodes;
    let v: Value = this.isAnd;
    for (const n of ns) {
      v = n.ev(env);
      if ((v === false) === this.isAnd) return v;
    }
    return v;
  }
  override exec(m: Machine): Node | null {
    return this.from(m, 0);
  }
  from(m: Machine, i: number): Node | null {
    const ns = this.nodes;
    const last = ns.length - 1;
    for (; i < last; i++) {
      const n = ns[i]!;
      if (!this.simples[i]) {
        pushFrame(m, AND_OR, n, this, i + 1);
        return n;
      }
      const v = n.ev(m.env);
      if ((v === false) === this.isAnd) {
        m.val = v;
        return null;
      }
    }
    return ns[last]!;
  }
}

const AND_OR: FrameKind = {
  resume(m, f) {
    const node = f.a as AndOr;
    if ((m.val === false) === node.isAnd) return null;
    return node.from(m, f.b as number);
  },
};

/** `lambda`: makes a closure over the current frame. */
export class Lambda extends Node {
  override simple = true;
  constructor(readonly info: LambdaInfo) {
    super();
  }
  override ev(env: Env): Value {
    return new Closure(this.info, env);
  }
}

/** `case-lambda`. */
export class CaseLambdaNode extends Node {
  override simple = true;
  constructor(readonly clauses: LambdaInfo[], readonly name: string | null) {
    super();
  }
  override ev(env: Env): Value {
    return new CaseLambda(this.clauses.map((c) => new Closure(c, env)), this.name);
  }
}

/** `letrec`/`letrec*` and bodies that need a fresh frame: allocate `size` unset slots. */
export class NewFrame extends Node {
  constructor(readonly size: number, readonly body: Node) {
    super();
  }
  override exec(m: Machine): Node {
    const env: Env = [m.env];
    for (let i = 1; i < this.size; i++) env.push(undefined);
    m.env = env;
    return this.body;
  }
}
