/**
 * The machine: registers (val, env, k), the run loop, procedure application, and the dynamic
 * state that continuations capture (dynamic-wind winders, exception handlers, parameters).
 * Limits live in `Meter` (limits.ts); the loop asks it to check every few thousand steps.
 */
import { arityError, checkArgs, describe } from '../builtins/check.js';
import type { BuiltinContext } from '../builtins/define.js';
import { SchemeError, UNCATCHABLE } from '../errors.js';
import type { Meter } from '../limits.js';
import { ErrorObject, MultipleValues, NIL, Pair, UNSPECIFIED, type Value } from '../values.js';
import { Frame, pushFrame, type Env, type FrameKind, type Node } from './node.js';
import {
  CaseLambda, Closure, Continuation, ControlPrimitive, Parameter, Primitive,
  type Handlers, type ParamBinding, type Winder,
} from './procedures.js';
import { Abort, uncaughtAbort } from './abort.js';

/** One evaluation’s machine. */
export class Machine implements BuiltinContext {
  val: Value = UNSPECIFIED;
  env: Env = [null];
  k: Frame | null = null;
  /** Continuations captured so far; frames stamped with an older count may be shared. */
  captures = 0;
  winders: Winder | null = null;
  handlers: Handlers | null = null;
  params: ParamBinding | null = null;
  /** Innermost node that noted a failure while evaluating simple sub-expressions. */
  errNode: Node | null = null;
  steps = 0;
  /** Set when the program called `exit` or `emergency-exit`: the code it asked for. */
  exitCode: number | null = null;
  /** Compiles a datum as a top-level form of the running program (set by evaluate; used by `eval`). */
  evalHook: ((datum: Value) => Node) | null = null;
  private checkAt: number;

  constructor(readonly meter: Meter) {
    this.checkAt = meter.nextCheck(0);
  }

  /** BuiltinContext: output goes through the meter's stdout cap. */
  writeStdout(text: string): void {
    this.meter.writeStdout(text);
  }

  /** BuiltinContext: account for allocated Scheme data. */
  charge(bytes: number): void {
    this.meter.charge(bytes);
  }

  /** Run `start` until the continuation is empty; throws Abort when the program must stop. */
  run(start: Node | null): Value {
    return this.loop(start);
  }

  /**
   * Apply `f` from inside a simple node's `ev` (only when a builtin the compiler inlined was
   * redefined at run time, which the compiler's pre-scan makes rare): a nested loop on the JS
   * stack, returning the value.
   */
  applyNested(f: Value, args: Value[], at: Node | null): Value {
    const savedK = this.k;
    const savedEnv = this.env;
    // The nested run ends when this bottom frame is resumed. A continuation escaping past it
    // (a guard, an early exit) abandons the JS frames in between: see NestedEscape.
    const token = { active: true };
    const bottom = new Frame(null, savedEnv, this.captures, NESTED_BOTTOM, at, token);
    this.k = bottom;
    this.bottoms.push(bottom);
    let escaped = false;
    try {
      return this.loop(this.apply(f, args, at), bottom);
    } catch (e) {
      escaped = e instanceof NestedEscape;
      throw e;
    } finally {
      token.active = false;
      this.bottoms.pop();
      if (!escaped) {
        this.k = savedK;
        this.env = savedEnv;
      }
    }
  }

  /** Bottom frames of the nested runs in progress, innermost last. */
  private readonly bottoms: Frame[] = [];

  /** After a continuation replaced the registers: leave nested runs it does not belong to. */
  private checkEscape(): void {
    const bottom = this.bottoms[this.bottoms.length - 1];
    if (bottom !== undefined && !chainHas(this.k, bottom)) throw new NestedEscape();
  }

  private loop(start: Node | null, bottom: Frame | null = null): Value {
    let n: Node | null = start;
    let last: Frame | null = null;
    for (;;) {
      try {
        for (;;) {
          if (n !== null) {
            n = n.exec(this);
          } else {
            const f: Frame | null = this.k;
            if (f === null) return this.val;
            last = f;
            this.k = f.next;
            this.env = f.env;
            n = f.kind.resume(this, f);
          }
          if (++this.steps > this.checkAt) {
            this.meter.check(this.steps);
            this.checkAt = this.meter.nextCheck(this.steps);
          }
        }
      } catch (e) {
        if (e instanceof NestedEscape) {
          // A continuation invoked in a nested run jumped out of it; carry on here if its
          // frames are ours (always, for the outermost loop), else keep unwinding.
          if (bottom !== null && !chainHas(this.k, bottom)) throw e;
          this.errNode = null;
          n = null;
          continue;
        }
        n = this.onThrow(e, n ?? last?.at ?? null);
      }
    }
  }

  /** Turn a JS exception into a Scheme raise, or into an Abort that ends the evaluation. */
  private onThrow(e: unknown, at: Node | null): Node | null {
    const where = this.errNode ?? at;
    this.errNode = null;
    if (e instanceof Abort) {
      if (e.line === null && where !== null && where.line > 0) e.setPosition(where.line, where.col);
      throw e;
    }
    if (e instanceof SchemeError) {
      if (UNCATCHABLE.has(e.type)) throw Abort.at(e.type, e.message, where);
      return this.raise(new ErrorObject(e.type, e.message, []), false, where);
    }
    if (e instanceof RangeError) {
      // Host stack or array/string size exhausted: only reachable through data so large or
      // deep that the memory bound is the honest name for it.
      throw Abort.at('memory_limit', `memory limit exceeded (${e.message})`, where);
    }
    throw Abort.at('internal_error', `internal error: ${e instanceof Error ? e.message : String(e)}`, where);
  }

  /** `raise` / `raise-continuable`: call the innermost handler with the outer ones installed. */
  raise(obj: Value, continuable: boolean, at: Node | null): Node | null {
    const h = this.handlers;
    if (h === null) throw uncaughtAbort(obj, at);
    pushRestoreHandlers(this, h);
    if (!continuable) pushFrame(this, NON_CONTINUABLE, at, obj);
    this.handlers = h.next;
    return this.apply(h.handler, [obj], at);
  }

  /** Apply any procedure value to a fresh argument array (which it may keep and reuse). */
  apply(f: Value, args: Value[], at: Node | null): Node | null {
    if (f instanceof Closure) return this.enter(f, args);
    if (f instanceof Primitive) {
      this.val = f.call(args, this);
      return null;
    }
    if (f instanceof ControlPrimitive) {
      checkArgs(f.spec, f.min, f.max, args);
      return f.run(this, args, at);
    }
    if (f instanceof Continuation) return this.throwTo(f, args.length === 1 ? args[0]! : new MultipleValues(args));
    if (f instanceof Parameter) {
      if (args.length !== 0) throw arityError('parameter', 0, 0, args.length);
      this.val = this.paramValue(f);
      return null;
    }
    if (f instanceof CaseLambda) {
      for (const c of f.clauses) {
        const L = c.lambda;
        if (args.length === L.nreq || (L.rest && args.length > L.nreq)) return this.enter(c, args);
      }
      throw new SchemeError('arity_mismatch', `${f.name ?? 'case-lambda procedure'}: no clause accepts ${args.length} argument${args.length === 1 ? '' : 's'}`);
    }
    throw new SchemeError('not_a_procedure', `not a procedure: ${describe(f)}`);
  }

  /** Enter a closure: bind the arguments in a new frame and return its body. */
  enter(f: Closure, args: Value[]): Node {
    const L = f.lambda;
    const n = args.length;
    let env: Env;
    if (!L.rest) {
      if (n !== L.nreq) throw arityError(f.name ?? 'anonymous procedure', L.nreq, L.nreq, n);
      // The array is the caller's fresh one: it becomes the frame.
      args.unshift(f.env as Value);
      env = args;
    } else {
      if (n < L.nreq) throw arityError(f.name ?? 'anonymous procedure', L.nreq, Infinity, n);
      env = [f.env];
      for (let i = 0; i < L.nreq; i++) env.push(args[i]);
      let rest: Value = NIL;
      for (let i = n - 1; i >= L.nreq; i--) rest = new Pair(args[i]!, rest);
      env.push(rest);
    }
    for (let i = 0; i < L.extra; i++) env.push(undefined);
    this.env = env;
    return L.body;
  }

  /** Current value of a parameter object. */
  paramValue(p: Parameter): Value {
    for (let b = this.params; b !== null; b = b.next) if (b.param === p) return b.value;
    return p.value;
  }

  /** Capture the current continuation. */
  capture(): Continuation {
    this.captures++;
    return new Continuation(this.k, this.winders, this.handlers, this.params);
  }

  /** Invoke a continuation: run the dynamic-wind afters/befores in between, then deliver `v`. */
  throwTo(c: Continuation, v: Value): Node | null {
    return this.wind(windSteps(this.winders, c.winders), 0, c, v);
  }

  /**
   * `exit` / `emergency-exit`: escape to a continuation whose only frame ends the run, as a
   * call/cc escape to the top would. `exit` runs the pending dynamic-wind afters on the way
   * (innermost first, R7RS 6.14); `emergency-exit` skips them. No handler sees either: this is
   * not a raise, so guard and with-exception-handler cannot catch it.
   */
  exit(code: number, unwind: boolean): Node | null {
    const top = new Continuation(new Frame(null, [null], this.captures, EXIT, null, code), null, null, null);
    return this.wind(unwind ? windSteps(this.winders, null) : [], 0, top, UNSPECIFIED);
  }

  /** Run wind step `i` and the rest, then resume `c` with `v`. */
  wind(steps: WindStep[], i: number, c: Continuation, v: Value): Node | null {
    if (i === steps.length) {
      this.k = c.k;
      this.winders = c.winders;
      this.handlers = c.handlers;
      this.params = c.params;
      this.val = v;
      if (this.bottoms.length > 0) this.checkEscape();
      return null;
    }
    const s = steps[i]!;
    this.winders = s.during;
    pushFrame(this, WIND, null, steps, i, c, v);
    return this.apply(s.thunk, [], null);
  }
}

/** One thunk to run while moving between two dynamic-wind states. */
interface WindStep {
  readonly thunk: Value;
  readonly during: Winder | null;
  readonly after: Winder | null;
}

/** The afters to run leaving `from` and the befores entering `to` (R7RS dynamic-wind). */
function windSteps(from: Winder | null, to: Winder | null): WindStep[] {
  const steps: WindStep[] = [];
  let a = from;
  let b = to;
  const befores: WindStep[] = [];
  while ((a?.depth ?? 0) > (b?.depth ?? 0)) {
    steps.push({ thunk: a!.after, during: a!.next, after: a!.next });
    a = a!.next;
  }
  while ((b?.depth ?? 0) > (a?.depth ?? 0)) {
    befores.push({ thunk: b!.before, during: b!.next, after: b });
    b = b!.next;
  }
  while (a !== b) {
    steps.push({ thunk: a!.after, during: a!.next, after: a!.next });
    befores.push({ thunk: b!.before, during: b!.next, after: b });
    a = a!.next;
    b = b!.next;
  }
  for (let i = befores.length - 1; i >= 0; i--) steps.push(befores[i]!);
  return steps;
}

/** Thrown to unwind the JS stack of a nested run that a continuation jumped out of. */
class NestedEscape extends Error {}

/** Whether `bottom` is in the frame chain `k`. */
function chainHas(k: Frame | null, bottom: Frame): boolean {
  for (let f = k; f !== null; f = f.next) if (f === bottom) return true;
  return false;
}

/** Ends a nested run; resumed after the run finished (a re-entered continuation), it cannot return. */
const NESTED_BOTTOM: FrameKind = {
  resume(_m, f) {
    if (!(f.a as { active: boolean }).active) {
      throw new SchemeError('user_error', 'cannot re-enter a continuation captured inside a call of a redefined builtin');
    }
    return null;
  },
};

const WIND: FrameKind = {
  resume(m, f) {
    const steps = f.a as WindStep[];
    const i = f.b as number;
    m.winders = steps[i]!.after;
    return m.wind(steps, i + 1, f.c as Continuation, f.d as Value);
  },
};

/** The end of an exiting program: record the code and leave the run loop (an empty continuation). */
const EXIT: FrameKind = {
  resume(m, f) {
    m.exitCode = f.a as number;
    m.k = null;
    return null;
  },
};

const RESTORE_HANDLERS: FrameKind = {
  resume(m, f) {
    m.handlers = f.a as Handlers | null;
    return null;
  },
};

/** Push a frame that reinstalls `handlers` when the current computation returns. */
export function pushRestoreHandlers(m: Machine, handlers: Handlers | null): void {
  pushFrame(m, RESTORE_HANDLERS, null, handlers);
}

/**
 * A handler returned from a non-continuable `raise`. The condition is raised again to the
 * outer handlers (so an uncaught error still reports the original condition).
 */
const NON_CONTINUABLE: FrameKind = {
  resume: (m, f) => m.raise(f.a as Value, false, f.at),
};
