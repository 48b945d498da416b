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

/** A compiled expression. */
export abstract class Node {
  /** 1-based position of the expression in the source (0 when synthesised). */
  line = 0;
  col = 0;
  simple = false;
  /** Nesting of simple nodes below and including this one (bounds `ev` recursion). */
  simpleDepth = 1;

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

/**
 * Deepest nesting of simple nodes evaluated by direct JS recursion; a deeper node (which only
 * macro output can produce, since the reader caps source nesting) is made non-simple, so the
 * machine evaluates it with heap frames instead of the host stack.
 */
export const MAX_SIMPLE_DEPTH = 200;

/** Mark `node` simple when all `children` are and the nesting stays bounded. */
export function simpleFrom<N extends Node>(node: N, children: readonly Node[]): N {
  let depth = 0;
  let simple = true;
  for (const c of children) {
    if (!c.simple) simple = false;
    else if (c.simpleDepth > depth) depth = c.simpleDepth;
  }
  node.simpleDepth = depth + 1;
  node.simple = simple && node.simpleDepth <= MAX_SIMPLE_DEPTH;
  return node;
}

/** What a frame does when resumed: one constant object per kind of frame. */
export interface FrameKind {
  /** Continue with `m.val` (m.env is already `f.env`, m.k is already `f.next`). */
  resume(m: Machine, f: Frame): Node | null;
}

/**
 * A continuation frame. One class for every kind of frame (the kind's `resume` plus four
 * payload slots) so that the machine loop's property accesses stay monomorphic: with one
 * subclass per kind, V8 ran the loop several times slower once a program had used a few
 * kinds, and stayed slower for every later evaluation in the process. Fields are assigned,
 * never declared with initialisers, for the same reason.
 */
export class Frame {
  declare next: Frame | null;
  declare env: Env;
  /** `m.captures` when the frame was made; a frame that may be shared by a captured continuation is copied before it is mutated. */
  declare stamp: number;
  declare kind: FrameKind;
  /** The node to blame when resuming fails (error positions). */
  declare at: Node | null;
  // Payload, typed by each kind's resume.
  /* eslint-disable @typescript-eslint/no-explicit-any */
  declare a: any;
  declare b: any;
  declare c: any;
  declare d: any;
  /* eslint-enable @typescript-eslint/no-explicit-any */
  constructor(next: Frame | null, env: Env, stamp: number, kind: FrameKind, at: Node | null, a?: unknown, b?: unknown, c?: unknown, d?: unknown) {
    this.next = next;
    this.env = env;
    this.stamp = stamp;
    this.kind = kind;
    this.at = at;
    this.a = a;
    this.b = b;
    this.c = c;
    this.d = d;
  }
}

/** Push a frame of `kind` that will resume in the current environment. */
export function pushFrame(m: Machine, kind: FrameKind, at: Node | null, a?: unknown, b?: unknown, c?: unknown, d?: unknown): void {
  m.k = new Frame(m.k, m.env, m.captures, kind, at, a, b, c, d);
}
