/**
 * `runner plan --graph` (spec §4): one block per task in plan order, then the
 * resources; with `--only`, a first line saying what was selected.
 */
import { createGraph, inPlanOrder, onlyClosure } from '../../graph/model.js';
import type { LoadedPlan, Task } from '../types.js';

/** Every task of the plan, main then finally, in plan order. */
export function allTasks(plan: LoadedPlan): Task[] {
  return [...plan.tasks, ...plan.finallyTasks];
}

/**
 * Resolves `--only` names (a matrix base name selects its rows) to the
 * selected set: the names, what they need transitively, and every finally
 * task (teardown always runs). Unknown names come back in `unknown`.
 */
export function selectOnly(plan: LoadedPlan, names: string[]): { selected: Set<string>; unknown: string[] } {
  const tasks = allTasks(plan);
  const known = new Set(tasks.map((t) => t.name));
  const roots: string[] = [];
  const unknown: string[] = [];
  for (const n of names) {
    if (known.has(n)) roots.push(n);
    else if (plan.matrices.has(n)) roots.push(...plan.matrices.get(n)!);
    else unknown.push(n);
  }
  const g = createGraph(tasks.map((t) => t.name), plan.edges);
  const selected = onlyClosure(g, roots);
  for (const t of plan.finallyTasks) selected.add(t.name);
  return { selected: new Set(inPlanOrder(g, selected)), unknown };
}

/** Renders the `--graph` block; `only` restricts it to a `--only` selection. */
export function renderGraph(plan: LoadedPlan, only?: { names: string[]; selected: Set<string> }): string[] {
  const out: string[] = [];
  const tasks = allTasks(plan).filter((t) => !only || only.selected.has(t.name));
  if (only) {
    const main = plan.tasks;
    const left = main.filter((t) => !only.selected.has(t.name)).map((t) => t.name);
    const k = main.length - left.length;
    out.push(`# --only ${only.names.join(', ')}: ${k} of ${main.length} tasks selected; left out: ${left.length ? left.join(', ') : 'none'}`);
  }
  for (const t of tasks) {
    out.push(t.finally ? `task ${t.name} (finally)` : `task ${t.name}`);
    for (const e of plan.edges.filter((x) => x.to === t.name)) out.push(`  needs ${e.from} ${e.kind} at ${e.origin}`);
    for (const h of t.holds) {
      const def = plan.resources.get(h.resource)?.defaultMode;
      out.push(h.mode !== def ? `  holds ${h.resource} ${h.mode}` : `  holds ${h.resource}`);
    }
  }
  for (const r of plan.resources.values()) {
    out.push(`resource ${r.name} ${r.defaultMode}`);
    const holders = tasks.filter((t) => t.holds.some((h) => h.resource === r.name)).map((t) => t.name);
    out.push(holders.length ? `  held by ${holders.join(', ')}` : '  held by nobody');
  }
  return out;
}
