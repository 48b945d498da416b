/**
 * Which compound values need a datum label (`#0=`) when printed.
 *
 * R7RS `write` labels only what it must to terminate: we run one depth-first search and label
 * the target of every back edge (a node reached again while it is still being visited). Every
 * cycle contains a back edge, so labelling those targets breaks every cycle, and shared but
 * acyclic structure (reached again after it was finished) stays unlabelled, as R7RS asks.
 * `write-shared` labels every node reached more than once instead.
 *
 * The search keeps its own stack (an array), never the JS call stack, so a list of a million
 * elements or a nesting 100,000 deep costs heap, not stack frames.
 *
 * `budget` bounds how many nodes the search discovers. The printer discovers nodes in the same
 * order (car before cdr, elements in order) and emits at least one character per new node, so
 * a printer cut at N characters needs only the first N+1: the labels it shows are right, and
 * printing a small prefix of a huge value costs little. What it gives up: in a cut text, a
 * node whose cycle closes beyond the cut lacks its `#n=` (the text is marked truncated).
 */
import { ErrorObject, Pair, Record, SVector, type Value } from '../values.js';

/** A value the printer descends into (and so could be part of a cycle). */
export type Compound = Pair | SVector | Record | ErrorObject;

export function isCompound(v: Value): v is Compound {
  return v instanceof Pair || v instanceof SVector || v instanceof Record || v instanceof ErrorObject;
}

/** The i-th child of a compound, or undefined past its last child. */
function childAt(node: Compound, i: number): Value | undefined {
  if (node instanceof Pair) return i === 0 ? node.car : i === 1 ? node.cdr : undefined;
  if (node instanceof SVector) return node.items[i];
  if (node instanceof Record) return node.fields[i];
  return node.irritants[i];
}

const VISITING = 1;
const DONE = 2;

/**
 * The set of compounds inside `root` that must carry a label.
 *
 * @param shared label every node reached twice (`write-shared`), not only cycle targets.
 * @param budget stop after discovering this many nodes.
 */
export function findLabels(root: Value, shared: boolean, budget = Infinity): Set<Compound> {
  const labels = new Set<Compound>();
  if (!isCompound(root)) return labels;
  const state = new Map<Compound, number>();
  // Parallel arrays: the node and the index of its next child to visit.
  const nodes: Compound[] = [root];
  const next: number[] = [0];
  state.set(root, VISITING);
  while (nodes.length > 0) {
    const top = nodes.length - 1;
    const node = nodes[top]!;
    const i = next[top]!;
    const child = childAt(node, i);
    if (child === undefined) {
      state.set(node, DONE);
      nodes.pop();
      next.pop();
      continue;
    }
    next[top] = i + 1;
    if (!isCompound(child)) continue;
    const seen = state.get(child);
    if (seen === undefined) {
      if (state.size >= budget) break;
      state.set(child, VISITING);
      nodes.push(child);
      next.push(0);
    } else if (seen === VISITING || shared) {
      labels.add(child);
    }
  }
  return labels;
}
