/**
 * The two shapes the machine runs: compiled expression nodes and continuation frames.
 *
 * Execution model (docs/interpreter.md): source is compiled to a tree of nodes with lexical
 * addresses resolved; the machine loop asks a node to `exec`, which either produces a value
 * (sets `m.val`, returns null) or returns the next node to run, after pushing a frame for the
 * work left to do. The continuation is that linked list of frames, on the heap: Scheme
 * recursion never deepens the JS stack, and `call/cc` captures it in O(1).
 *
 * A node is `simple` when it can be computed directly in JS without calling a Scheme
 * procedure (constants, variables, calls of builtins on simple arguments): `ev(env)` then
 * gives its value with no frame at all. This is the main speed trick; source nesting is capped
 * by the reader so `ev` recursion is bounded.
 */
import type { Value } from '../values.js';
import type { Machine } from './machine.js';

/**
 * A runtime environment frame: slot 0 is the enclosing frame, slots 1.. the variables.
 * A plain array because it is the cheapest thing V8 can allocate and index.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Env = any[];

export abstract class Node {
  /** 1-based position of the expression in the source (0 when synthesised). */
  line = 0;
  col = 0;
  simple = false;

  /** Value of a simple node. Only called when `simple` is true. */
  ev(_env: Env): Value {
    throw new Error('ev on a non-simple node');
  }

  /** Run one step: set m.val and return null, or return the next node to run. */
  exec(m: Machine): Node | null {
    m.val = this.ev(m.env);
    return null;
  }

  at(line: number, col: number): this {
    this.line = line;
    this.col = col;
    return this;
  }
}

/** A continuation frame: the rest of a computation waiting for `m.val`. */
export abstract class Frame {
  /** `m.captures` when the frame was made; frames that may be shared by a captured continuation must be copied before they are mutated. */
  stamp: number;
  constructor(public next: Frame | null, public env: Env, m: Machine) {
    this.stamp = m.captures;
  }
  /** Continue with `m.val` (m.env is already `this.env`, m.k is already `this.next`). */
  abstract resume(m: Machine): Node | null;
}
