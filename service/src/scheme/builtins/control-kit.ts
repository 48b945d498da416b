/**
 * Helpers for builtins that need the machine (they call procedures or touch the dynamic
 * state): a way to declare them like any other builtin, and a frame that continues with a
 * JS callback once a called procedure returns. Callbacks only read what they captured, so a
 * continuation re-entered later finds the same state (R7RS requires this of `map`).
 */
import { pushFrame, type FrameKind, type Node } from '../machine/node.js';
import type { Machine } from '../machine/machine.js';
import { ControlPrimitive } from '../machine/procedures.js';
import { Procedure, type Value } from '../values.js';
import type { ArgType, BuiltinSpec } from './define.js';

/** Declaration of a control builtin: the usual spec plus a `run` that returns the next node. */
export interface ControlSpec extends Omit<BuiltinSpec, 'fn'> {
  readonly run: (m: Machine, args: Value[], call: Node | null) => Node | null;
}

/** Every control builtin of a family module. */
export type ControlTable = readonly ControlSpec[];

/** Make the runtime procedure of a control builtin. */
export function makeControl(spec: ControlSpec): ControlPrimitive {
  const full: BuiltinSpec = {
    ...spec,
    fn: () => {
      throw new Error(`${spec.name} must run on the machine`);
    },
  };
  return new ControlPrimitive(full, spec.run);
}

/** Runs the callback in slot `a` with `m.val` holding the value the pushed computation returned. */
const THEN: FrameKind = {
  resume: (m, f) => (f.a as (m: Machine) => Node | null)(m),
};

/** Call `f` on `args`, then continue with `then` (receiving the result in m.val). */
export function callThen(
  m: Machine, f: Value, args: Value[], at: Node | null, then: (m: Machine) => Node | null,
): Node | null {
  pushFrame(m, THEN, at, then);
  return m.apply(f, args, at);
}

/** Push a frame that runs `then` when the current computation returns. */
export function pushThen(m: Machine, then: (m: Machine) => Node | null): void {
  pushFrame(m, THEN, null, then);
}

/** Return `v` from a control builtin. */
export function ret(m: Machine, v: Value): null {
  m.val = v;
  return null;
}

/** Any procedure. */
export const procedureArg: ArgType = { noun: 'a procedure', test: (v) => v instanceof Procedure };
