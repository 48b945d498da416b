/**
 * Calls and `let`. Operands are evaluated left to right; a simple operand is computed in
 * place, a non-simple one gets a CollectFrame holding the values gathered so far. Closures
 * entered with exactly their arity reuse that value array as their environment frame.
 */
import { Frame, Node, simpleFrom, type Env, type FrameKind } from '../machine/node.js';
import type { Machine } from '../machine/machine.js';
import { current } from '../machine/current.js';
import { Closure, Primitive } from '../machine/procedures.js';
import type { Value } from '../values.js';
import type { Cell } from './nodes.js';
import { NOPE, type Fast1, type Fast2 } from './fast-ops.js';

/** A node that evaluates `nodes` into `vals[offset + i]`, then `finish`es. */
abstract class Collecting extends Node {
  /** `nodes[i].simple`, copied so the hot loop reads one array instead of many node shapes. */
  readonly simples: boolean[];
  constructor(readonly nodes: Node[], readonly offset: number) {
    super();
    this.simples = nodes.map((n) => n.simple);
  }
  abstract finish(m: Machine, vals: Value[]): Node | null;

  collect(m: Machine, vals: Value[], i: number): Node | null {
    const ns = this.nodes;
    const simples = this.simples;
    const env = m.env;
    for (; i < ns.length; i++) {
      const n = ns[i]!;
      if (!simples[i]) {
        m.k = new Frame(m.k, env, m.captures, COLLECT, this, this, vals, i);
        return n;
      }
      vals[i + this.offset] = n.ev(env);
    }
    return this.finish(m, vals);
  }
}

const COLLECT: FrameKind = {
  resume(m, f) {
    const node = f.a as Collecting;
    const i = f.c as number;
    // A continuation captured since this frame was made may resume it again: copy first.
    const vals = f.stamp === m.captures ? (f.b as Value[]) : (f.b as Value[]).slice();
    vals[i + node.offset] = m.val;
    return node.collect(m, vals, i + 1);
  },
};

/** Enter `f` with `vals` = [anything, arg1, …] as its frame when the arity fits exactly. */
function enterWith(m: Machine, f: Value, vals: Value[], at: Node): Node | null {
  if (f instanceof Closure) {
    const L = f.lambda;
    if (!L.rest && L.nreq === vals.length - 1) {
      vals[0] = f.env;
      for (let i = 0; i < L.extra; i++) vals.push(undefined as unknown as Value);
      m.env = vals;
      return L.body;
    }
  }
  return m.apply(f, vals.slice(1), at);
}

/** General call: any operator and operands. */
export class Call extends Collecting {
  constructor(fn: Node, args: Node[]) {
    super([fn, ...args], 0);
  }
  override exec(m: Machine): Node | null {
    return this.collect(m, new Array<Value>(this.nodes.length), 0);
  }
  finish(m: Machine, vals: Value[]): Node | null {
    return enterWith(m, vals[0]!, vals, this);
  }
}

/** Call with a simple operator and simple operands: no frame at all. */
export class SimpleCall extends Node {
  constructor(readonly fn: Node, readonly args: Node[]) {
    super();
  }
  override exec(m: Machine): Node | null {
    const env = m.env;
    const f = this.fn.ev(env);
    const args = this.args;
    const vals: Value[] = [null as unknown as Value];
    for (let i = 0; i < args.length; i++) vals.push(args[i]!.ev(env));
    return enterWith(m, f, vals, this);
  }
}

/** One simple operand: the commonest call, specialised. */
export class SimpleCall1 extends Node {
  constructor(readonly fn: Node, readonly a: Node) {
    super();
  }
  override exec(m: Machine): Node | null {
    const env = m.env;
    const f = this.fn.ev(env);
    const a = this.a.ev(env);
    if (f instanceof Closure) {
      const L = f.lambda;
      if (L.nreq === 1 && !L.rest) {
        const e: Env = [f.env, a];
        for (let i = 0; i < L.extra; i++) e.push(undefined);
        m.env = e;
        return L.body;
      }
    }
    return m.apply(f, [a], this);
  }
}

/** Two simple operands. */
export class SimpleCall2 extends Node {
  constructor(readonly fn: Node, readonly a: Node, readonly b: Node) {
    super();
  }
  override exec(m: Machine): Node | null {
    const env = m.env;
    const f = this.fn.ev(env);
    const a = this.a.ev(env);
    const b = this.b.ev(env);
    if (f instanceof Closure) {
      const L = f.lambda;
      if (L.nreq === 2 && !L.rest) {
        const e: Env = [f.env, a, b];
        for (let i = 0; i < L.extra; i++) e.push(undefined);
        m.env = e;
        return L.body;
      }
    }
    return m.apply(f, [a, b], this);
  }
}

/** Three simple operands. */
export class SimpleCall3 extends Node {
  constructor(readonly fn: Node, readonly a: Node, readonly b: Node, readonly c: Node) {
    super();
  }
  override exec(m: Machine): Node | null {
    const env = m.env;
    const f = this.fn.ev(env);
    const a = this.a.ev(env);
    const b = this.b.ev(env);
    const c = this.c.ev(env);
    if (f instanceof Closure) {
      const L = f.lambda;
      if (L.nreq === 3 && !L.rest) {
        const e: Env = [f.env, a, b, c];
        for (let i = 0; i < L.extra; i++) e.push(undefined);
        m.env = e;
        return L.body;
      }
    }
    return m.apply(f, [a, b, c], this);
  }
}

/** Note `node` as where a failure happened, unless a more inner node already did. */
function noteFailure(node: Node): void {
  const m = current.m;
  if (m !== null && m.errNode === null) m.errNode = node;
}

/**
 * A call of a builtin by its global name, compiled while the global held that builtin. The
 * global is checked on every call, so a later redefinition still takes effect.
 */
export class PrimCall extends Collecting {
  constructor(
    readonly cell: Cell, readonly prim: Primitive, args: Node[],
    readonly fast1: Fast1 | null, readonly fast2: Fast2 | null,
  ) {
    super(args, 0);
    simpleFrom(this, args);
  }

  override ev(env: Env): Value {
    const ns = this.nodes;
    if (ns.length === 2 && this.fast2 !== null && this.cell.value === this.prim) {
      const a = ns[0]!.ev(env);
      const b = ns[1]!.ev(env);
      const r = this.fast2(a, b);
      return r !== NOPE ? r : this.invoke([a, b]);
    }
    if (ns.length === 1 && this.fast1 !== null && this.cell.value === this.prim) {
      const a = ns[0]!.ev(env);
      const r = this.fast1(a);
      return r !== NOPE ? r : this.invoke([a]);
    }
    const vals: Value[] = [];
    for (let i = 0; i < ns.length; i++) vals.push(ns[i]!.ev(env));
    return this.invoke(vals);
  }

  /** Call the builtin (or whatever the global now holds) from inside `ev`. */
  private invoke(vals: Value[]): Value {
    const m = current.m!;
    const f = this.cell.value;
    try {
      if (f === this.prim) return this.prim.call(vals, m);
      return m.applyNested(f as Value, vals, this);
    } catch (e) {
      noteFailure(this);
      throw e;
    }
  }

  override exec(m: Machine): Node | null {
    if (this.simple) {
      m.val = this.ev(m.env);
      return null;
    }
    return this.collect(m, new Array<Value>(this.nodes.length), 0);
  }

  finish(m: Machine, vals: Value[]): Node | null {
    const f = this.cell.value;
    if (f !== this.prim) return m.apply(f as Value, vals, this);
    if (vals.length === 2 && this.fast2 !== null) {
      const r = this.fast2(vals[0]!, vals[1]!);
      if (r !== NOPE) {
        m.val = r;
        return null;
      }
    } else if (vals.length === 1 && this.fast1 !== null) {
      const r = this.fast1(vals[0]!);
      if (r !== NOPE) {
        m.val = r;
        return null;
      }
    }
    m.val = this.prim.call(vals, m);
    return null;
  }
}

/** `let`: evaluate the inits in the current frame, then run `body` in a new one. */
export class Let extends Collecting {
  private readonly simpleInits: boolean;
  constructor(inits: Node[], readonly extra: number, readonly body: Node) {
    super(inits, 1);
    this.simpleInits = inits.every((n) => n.simple);
  }
  override exec(m: Machine): Node | null {
    const ns = this.nodes;
    const env = m.env;
    if (this.simpleInits) {
      const e: Env = [env];
      for (let i = 0; i < ns.length; i++) e.push(ns[i]!.ev(env));
      for (let i = 0; i < this.extra; i++) e.push(undefined);
      m.env = e;
      return this.body;
    }
    return this.collect(m, new Array<Value>(ns.length + 1), 0);
  }
  finish(m: Machine, vals: Value[]): Node | null {
    vals[0] = m.env as unknown as Value;
    for (let i = 0; i < this.extra; i++) vals.push(undefined as unknown as Value);
    m.env = vals;
    return this.body;
  }
}
