/**
 * What `runner plan` prints for a loaded plan without `--graph`/`--explain`
 * (spec §4 "runner plan" rule 1): `writes:` lines, then the `ok:` line with
 * the request count and its `at most` / `plus up to` qualifiers.
 */
import type { LoadedPlan, Step, Task } from '../types.js';
import { stepModule } from '../../steps/registry.js';

/** The request count of a plan. */
export interface RequestCount {
  /** Requests, an upper bound when `bound` is set. */
  requests: number;
  /** True when a guard, tag, retry, followRedirects or script step makes the count a bound. */
  bound: boolean;
  /** Most waitFor attempts. */
  waitFor: number;
}

function stepRequests(s: Step, acc: RequestCount): void {
  const c = stepModule(s.kind).count(s);
  acc.requests += c.requests;
  acc.waitFor += c.waitFor;
  if (c.bound) acc.bound = true;
}

/** Counts the requests a plan sends (reset hook, main and finally tasks; matrix rows each count). */
export function countRequests(plan: LoadedPlan): RequestCount {
  const acc: RequestCount = { requests: 0, bound: false, waitFor: 0 };
  for (const s of plan.lifecycle.reset) stepRequests(s, acc);
  for (const t of [...plan.tasks, ...plan.finallyTasks]) {
    if (t.when || t.tags.length > 0) acc.bound = true;
    for (const s of t.steps) stepRequests(s, acc);
  }
  return acc;
}

function writesLine(where: string, s: Step): string | undefined {
  const what = stepModule(s.kind).writes?.(s);
  return what === undefined ? undefined : `writes: ${where} step ${s.number}: ${what}`;
}

/** `writes:` lines, one per fixture step, reset hook first. */
export function writesLines(plan: LoadedPlan): string[] {
  const out: string[] = [];
  for (const s of plan.lifecycle.reset) {
    const l = writesLine('reset hook', s);
    if (l) out.push(l);
  }
  const all: Task[] = [...plan.tasks, ...plan.finallyTasks];
  for (const t of all) {
    for (const s of t.steps) {
      const l = writesLine(`task ${t.name}`, s);
      if (l) out.push(l);
    }
  }
  return out;
}

/**
 * The `ok:` line.
 * @example okLine(plan) // 'ok: 3 tasks, 1 finally tasks; the plan sends at most 7 HTTP requests plus up to 30 waitFor requests'
 */
export function okLine(plan: LoadedPlan): string {
  const c = countRequests(plan);
  const plus = c.waitFor > 0 ? ` plus up to ${c.waitFor} waitFor requests` : '';
  return `ok: ${plan.tasks.length} tasks, ${plan.finallyTasks.length} finally tasks; the plan sends ${c.bound ? 'at most ' : ''}${c.requests} HTTP requests${plus}`;
}
