/**
 * The task graph model: tasks and their dependency edges (explicit and
 * derived), cycles, transitive closures, the `--only` selection and plan
 * order. Claims order nothing (spec §4), so they are not edges here; the
 * scheduler reads them from the tasks.
 */
import type { Edge } from '../plan/types.js';

/** Adjacency of a set of tasks. */
export interface TaskGraph {
  /** Task names in plan order. */
  names: string[];
  edges: Edge[];
  /** name → edges into it (what it needs). */
  up: Map<string, Edge[]>;
  /** name → edges out of it (what needs it). */
  down: Map<string, Edge[]>;
}

/** Builds the adjacency of tasks (plan order) and edges. */
export function createGraph(names: string[], edges: Edge[]): TaskGraph {
  const up = new Map<string, Edge[]>(names.map((n) => [n, []]));
  const down = new Map<string, Edge[]>(names.map((n) => [n, []]));
  for (const e of edges) {
    up.get(e.to)?.push(e);
    down.get(e.from)?.push(e);
  }
  return { names, edges, up, down };
}

function walk(start: string, next: (n: string) => string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...next(start)];
  while (stack.length > 0) {
    const n = stack.pop()!;
    if (seen.has(n)) continue;
    seen.add(n);
    stack.push(...next(n));
  }
  return seen;
}

/** Tasks `name` needs, transitively (not including itself unless on a cycle). */
export function upstream(g: TaskGraph, name: string): Set<string> {
  return walk(name, (n) => (g.up.get(n) ?? []).map((e) => e.from));
}

/** Tasks that need `name`, transitively. */
export function downstream(g: TaskGraph, name: string): Set<string> {
  return walk(name, (n) => (g.down.get(n) ?? []).map((e) => e.to));
}

/** True when a chain of edges leads from `from` to `to` (so `to` runs after `from`). */
export function hasPath(g: TaskGraph, from: string, to: string): boolean {
  return upstream(g, to).has(from);
}

/** Sorts names by plan order. */
export function inPlanOrder(g: TaskGraph, names: Iterable<string>): string[] {
  const set = new Set(names);
  return g.names.filter((n) => set.has(n));
}

/**
 * Every cycle, each as the chain of needs from its first task in plan order
 * back to it: `['a', 'b', 'a']` reads "a needs b, b needs a".
 */
export function findCycles(g: TaskGraph): string[][] {
  const index = new Map(g.names.map((n, i) => [n, i]));
  const state = new Map<string, 1 | 2>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const seenKeys = new Set<string>();
  const visit = (n: string): void => {
    state.set(n, 1);
    stack.push(n);
    const needs = [...new Set((g.up.get(n) ?? []).map((e) => e.from))].sort((a, b) => index.get(a)! - index.get(b)!);
    for (const m of needs) {
      const s = state.get(m);
      if (s === 1) {
        const cyc = stack.slice(stack.indexOf(m));
        // rotate so the cycle starts at its earliest task in plan order
        let k = 0;
        cyc.forEach((x, i) => { if (index.get(x)! < index.get(cyc[k]!)!) k = i; });
        const rot = [...cyc.slice(k), ...cyc.slice(0, k)];
        const key = [...rot].sort().join('\u0000');
        if (!seenKeys.has(key)) {
          seenKeys.add(key);
          cycles.push([...rot, rot[0]!]);
        }
      } else if (s === undefined) visit(m);
    }
    stack.pop();
    state.set(n, 2);
  };
  for (const n of g.names) if (!state.has(n)) visit(n);
  return cycles;
}

/** What `--only` selects: the named tasks and everything they need, transitively. */
export function onlyClosure(g: TaskGraph, roots: Iterable<string>): Set<string> {
  const out = new Set<string>();
  for (const r of roots) {
    out.add(r);
    for (const u of upstream(g, r)) out.add(u);
  }
  return out;
}

/**
 * A topological order that keeps plan order where edges allow (Kahn with the
 * lowest plan index first). Tasks on a cycle are left out.
 */
export function topoOrder(g: TaskGraph): string[] {
  const index = new Map(g.names.map((n, i) => [n, i]));
  const pending = new Map(g.names.map((n) => [n, new Set((g.up.get(n) ?? []).map((e) => e.from)).size]));
  const ready = g.names.filter((n) => pending.get(n) === 0);
  const out: string[] = [];
  while (ready.length > 0) {
    ready.sort((a, b) => index.get(a)! - index.get(b)!);
    const n = ready.shift()!;
    out.push(n);
    for (const to of new Set((g.down.get(n) ?? []).map((e) => e.to))) {
      const left = pending.get(to)! - 1;
      pending.set(to, left);
      if (left === 0) ready.push(to);
    }
  }
  return out;
}
