/**
 * The concrete procedure kinds. `Procedure` (values.ts) is what printers see; the machine
 * dispatches on these subclasses in `Machine.apply`.
 */
import type { BuiltinContext, BuiltinSpec } from '../builtins/define.js';
import { checkArgs, specArity } from '../builtins/check.js';
import { Opaque, Procedure, type Value } from '../values.js';
import type { Env, Frame, Node } from './node.js';
import type { Machine } from './machine.js';

/** A procedure made by `lambda`: code, captured environment and arity. */
export class Closure extends Procedure {
  constructor(
    public readonly lambda: LambdaInfo,
    public readonly env: Env,
  ) {
    super();
  }
  get name(): string | null {
    return this.lambda.name;
  }
}

/** What `lambda` compiles to; shared by every closure made from the same source. */
export interface LambdaInfo {
  /** Required parameter count. */
  readonly nreq: number;
  /** Whether the last parameter collects the rest as a list. */
  readonly rest: boolean;
  /** Further slots for internal definitions, filled with `undefined` on entry. */
  extra: number;
  body: Node;
  name: string | null;
}

/** A builtin declared with a BuiltinSpec (pure: it never calls back into Scheme). */
export class Primitive extends Procedure {
  readonly min: number;
  readonly max: number;
  constructor(public readonly spec: BuiltinSpec) {
    super();
    const { min, max } = specArity(spec);
    this.min = min;
    this.max = max;
  }
  get name(): string {
    return this.spec.name;
  }
  /** Check the arguments and run. */
  call(args: Value[], ctx: BuiltinContext): Value {
    checkArgs(this.spec, this.min, this.max, args);
    return this.spec.fn(args, ctx);
  }
}

/**
 * A builtin that needs the machine: it may call procedures (`map`, `apply`, `dynamic-wind`),
 * capture the continuation (`call/cc`) or raise. Its arguments are checked by the same
 * shared check before `run`; `run` returns the next node, like `Node.exec`.
 */
export class ControlPrimitive extends Procedure {
  readonly min: number;
  readonly max: number;
  constructor(
    public readonly spec: BuiltinSpec,
    public readonly run: (m: Machine, args: Value[], call: Node | null) => Node | null,
  ) {
    super();
    const { min, max } = specArity(spec);
    this.min = min;
    this.max = max;
  }
  get name(): string {
    return this.spec.name;
  }
}

/** A linked list of `dynamic-wind` entries, innermost first. */
export interface Winder {
  readonly before: Value;
  readonly after: Value;
  readonly next: Winder | null;
  readonly depth: number;
}

/** Installed exception handlers, innermost first. */
export interface Handlers {
  readonly handler: Value;
  readonly next: Handlers | null;
}

/** Dynamic bindings made by `parameterize`, innermost first. */
export interface ParamBinding {
  readonly param: Parameter;
  readonly value: Value;
  readonly next: ParamBinding | null;
}

/** A first-class continuation: the frame list plus the dynamic state to restore. */
export class Continuation extends Procedure {
  readonly name = 'continuation';
  constructor(
    public readonly k: Frame | null,
    public readonly winders: Winder | null,
    public readonly handlers: Handlers | null,
    public readonly params: ParamBinding | null,
  ) {
    super();
  }
}

/** A parameter object (`make-parameter`). */
export class Parameter extends Procedure {
  readonly name = 'parameter';
  constructor(
    public value: Value,
    public readonly converter: Value | null,
  ) {
    super();
  }
}

/** A `case-lambda` procedure: the first clause whose arity fits is applied. */
export class CaseLambda extends Procedure {
  constructor(
    public readonly clauses: Closure[],
    public readonly name: string | null,
  ) {
    super();
  }
}

/** A promise (`delay`, `delay-force`, `make-promise`). Chains share one box (R7RS 7.3). */
export class LazyPromise extends Opaque {
  readonly kind = 'promise';
  constructor(public box: { done: boolean; value: Value }) {
    super();
  }
}
