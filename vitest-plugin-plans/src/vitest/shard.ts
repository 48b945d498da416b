/**
 * `vitest --shard i/n` over plan TASKS rather than plan files: a plan's
 * tasks are cut into units that must share one run (connected components of
 * needs, derived edges, finally-task reads and exclusive claims; a plan with
 * a reset hook is one unit), and the units are dealt to shards by weight.
 * Every machine computes the same deal from the same plan text, with nothing
 * exchanged between them.
 *
 * Greedy by weight over the units of all plans at once (longest first,
 * onto the least-loaded shard), not a hash of unit names: shards of one CI
 * run always see the same commit, so a deal that moves when the plan changes
 * costs nothing, while a hash leaves a shard empty or doubled whenever units
 * are few (5 units on 3 shards, often). Greedy is within 4/3 of the best
 * split and gives every shard a unit when there are at least as many units
 * as shards.
 */
import { taskResultRefs } from '../engine/only-reads.js';
import { connectedComponents } from '../graph/components.js';
import { loadPlanText } from '../plan/load.js';
import type { LoadedPlan, Task } from '../plan/types.js';
import { stepModule } from '../steps/registry.js';
import { LOAD_TEST, loadFailureText } from './codegen.js';

/** One shard of a run, as `--shard <index>/<count>` names it (index from 1). */
export interface ShardSpec {
  index: number;
  count: number;
}

/** Tasks that must run in one process, with what they cost. */
export interface ShardUnit {
  /** The unit's first task in plan order. */
  key: string;
  /** Main and finally tasks, in plan order. */
  tasks: string[];
  /** Sum of the tasks' weights (`taskWeight`). */
  weight: number;
}

/**
 * What a task costs, for balancing: the requests its steps send (as `runner
 * plan` counts them; repeats count each), and at least 1 per step, since a
 * step that sends nothing (sql, exec, script) still takes time.
 */
export function taskWeight(task: Task): number {
  let w = 0;
  for (const s of task.steps) w += Math.max(1, stepModule(s.kind).count(s).requests);
  return Math.max(1, w);
}

/**
 * Pairs of tasks that must share a run. Every edge (explicit needs, derived
 * template and guard edges, into finally tasks as well); a finally task's
 * reads of main results, which an assertion may make without an edge; and
 * every holder of a resource someone holds exclusively, since an exclusive
 * claim promises no overlap and separate machines share no claim table.
 *
 * A plan with a lifecycle reset hook is one unit: its tasks share target
 * state the hook sets up once (a teardown may count rows seeded by a task it
 * names nowhere), and a second shard's reset on a shared target would wipe
 * the first's state mid-run. Such a plan still moves between shards whole.
 */
function unitLinks(plan: LoadedPlan): Array<[string, string]> {
  const all = [...plan.tasks, ...plan.finallyTasks];
  if (plan.lifecycle.strategy === 'reset' && plan.lifecycle.reset.length > 0) return all.slice(1).map((t) => [all[0]!.name, t.name]);
  const links: Array<[string, string]> = plan.edges.map((e) => [e.from, e.to]);
  for (const t of plan.finallyTasks) for (const r of taskResultRefs(t)) links.push([r.task, t.name]);
  const holders = new Map<string, { names: string[]; exclusive: boolean }>();
  for (const t of all) {
    for (const c of t.holds) {
      const h = holders.get(c.resource) ?? { names: [], exclusive: false };
      h.names.push(t.name);
      if (c.mode === 'exclusive') h.exclusive = true;
      holders.set(c.resource, h);
    }
  }
  for (const h of holders.values()) if (h.exclusive) for (const n of h.names.slice(1)) links.push([h.names[0]!, n]);
  return links;
}

/** The plan's units, ordered by their first task. */
export function shardUnits(plan: LoadedPlan): ShardUnit[] {
  const all = [...plan.tasks, ...plan.finallyTasks];
  const weight = new Map(all.map((t) => [t.name, taskWeight(t)]));
  return connectedComponents(all.map((t) => t.name), unitLinks(plan)).map((tasks) => ({
    key: tasks[0]!,
    tasks,
    weight: tasks.reduce((s, n) => s + weight.get(n)!, 0),
  }));
}

/**
 * Deals units to `count` shards: heaviest first (input order among equals),
 * each onto the least-loaded shard (the lowest-numbered among equals).
 * Returns each unit's shard, from 1.
 *
 * @example
 * assignShards([5, 3, 3, 1], 2) // [1, 2, 2, 1]: loads 6 and 6
 */
export function assignShards(weights: readonly number[], count: number): number[] {
  if (!Number.isInteger(count) || count < 1) throw new RangeError(`shard count ${count}: must be a whole number, at least 1`);
  const loads = new Array<number>(count).fill(0);
  const order = weights.map((w, i) => ({ w, i })).sort((a, b) => b.w - a.w || a.i - b.i);
  const out = new Array<number>(weights.length);
  for (const { w, i } of order) {
    let best = 0;
    for (let s = 1; s < count; s++) if (loads[s]! < loads[best]!) best = s;
    loads[best] = loads[best]! + w;
    out[i] = best + 1;
  }
  return out;
}

/** One plan's units, under its path from the project root (the same on every machine). */
export interface PlanUnits {
  file: string;
  units: readonly ShardUnit[];
}

/**
 * Deals the units of every plan of a run together, so a heavy unit of one
 * plan is offset by light units of others. Plans are taken in path order,
 * whatever order they came in: every machine lists the same files, maybe
 * not in the same order. Returns, per plan path, the test names shard
 * `shard` registers of it (none: the shard does not run the plan).
 */
export function dealPlans(plans: readonly PlanUnits[], shard: ShardSpec): Map<string, string[]> {
  const sorted = [...plans].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  const at = assignShards(sorted.flatMap((p) => p.units.map((u) => u.weight)), shard.count);
  const out = new Map<string, string[]>();
  let k = 0;
  for (const p of sorted) {
    out.set(p.file, p.units.filter((_, i) => at[k + i] === shard.index).flatMap((u) => u.tasks));
    k += p.units.length;
  }
  return out;
}

/**
 * The units of a plan file as its module would register them: the plan's
 * units, or, for a plan that does not load (or fails `strict`), the single
 * `load` test as one unit.
 */
export function planUnits(text: string, file: string, root: string, strict: boolean): ShardUnit[] {
  const load = loadPlanText(text, file, { cwd: root });
  const failed = !load.ok || loadFailureText(file, [], load.plan.warnings, strict) !== null;
  return failed ? [{ key: LOAD_TEST, tasks: [LOAD_TEST], weight: 1 }] : shardUnits(load.plan);
}

/**
 * The plan with only `names` (and the edges among them): what one shard
 * runs. Sound because `names` is a union of whole units, so no kept task
 * needs or reads a dropped one.
 */
export function restrictPlan(plan: LoadedPlan, names: ReadonlySet<string>): LoadedPlan {
  const matrices = new Map<string, string[]>();
  for (const [base, rows] of plan.matrices) {
    const kept = rows.filter((r) => names.has(r));
    if (kept.length > 0) matrices.set(base, kept);
  }
  return {
    ...plan,
    tasks: plan.tasks.filter((t) => names.has(t.name)),
    finallyTasks: plan.finallyTasks.filter((t) => names.has(t.name)),
    edges: plan.edges.filter((e) => names.has(e.from) && names.has(e.to)),
    matrices,
  };
}
