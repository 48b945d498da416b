/**
 * What `runner plan` prints for a loaded plan without `--graph`/`--explain`
 * (spec §4 "runner plan" rule 1): `writes:` lines, then the `ok:` line with
 * the request count and its `at most` / `plus up to` qualifiers.
 */
import type { LoadedPlan, Step, Task } from '../types.js';

/** The request count of a plan. */
export interface RequestCount {
  /** Requests, an upper bound when `bound` is set. */
  requests: number;
  /** True when a guard, tag, retry, followRedirects or script step makes the count a bound. */
  bound: boolean;
  /** Most waitFor attempts. */
  waitFor: number;
}

/** Most hops a followed redirect chain adds (plan-format: "true follows up to 10"). */
const REDIRECTS = 10;

function stepRequests(s: Step, acc: RequestCount): void {
  const retries = s.retry?.attempts ?? 1;
  if (s.retry && s.retry.attempts > 1) acc.bound = true;
  switch (s.kind) {
    case 'http': {
      let n = (s.repeat?.count ?? 1) * retries;
      if (s.request.followRedirects) {
        n *= 1 + REDIRECTS;
        acc.bound = true;
      }
      acc.requests += n;
      return;
    }
    case 'graphql':
      acc.requests += 1;
      return;
    case 'ws':
    case 'grpc':
      acc.requests += retries; // an upgrade or a call counts as one request
      return;
    case 'waitFor':
      acc.waitFor += s.request.attempts * (s.request.http.followRedirects ? 1 + REDIRECTS : 1);
      if (s.request.http.followRedirects) acc.bound = true;
      return;
    case 'script':
      acc.bound = true;
      return;
    default:
      return;
  }
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
  if (s.kind !== 'fixture') return undefined;
  const r = s.request;
  const what = r.sql !== undefined ? 'sql' : `${r.rows?.length ?? 0} row(s) into ${r.table ?? '?'}`;
  return `writes: ${where} step ${s.number}: ${what} at ${r.url.source} (${r.mode})`;
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
