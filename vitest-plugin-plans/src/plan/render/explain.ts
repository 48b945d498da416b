/**
 * `runner plan --explain <task>` (spec §4): needs (each edge, upstream
 * transitively, downstream), holds (also held by), when, steps (kind,
 * method, url, repeat, request count, results; secrets marked) and the
 * assertion paths `--strict-paths` checks.
 */
import { createGraph, downstream, inPlanOrder, upstream } from '../../graph/model.js';
import type { LoadedPlan, Step, Task } from '../types.js';
import { STRICT_ROOTS } from '../../expr/index.js';
import { allTasks } from './graph.js';
import { stepModule } from '../../steps/registry.js';


/** One line describing a step: kind, method, url, repeat and request count (the kind's own wording). */
export function describeStep(s: Step): string {
  return stepModule(s.kind).describe(s);
}

/** The paths an assertion of a step reads that `--strict-paths` checks. */
export function checkedPaths(s: Step): string[] {
  const out = new Set<string>();
  for (const a of s.assertions) {
    if (a.auto) continue; // automatic assertions are not checked by --strict-paths
    for (const p of a.paths) if (STRICT_ROOTS.has(/^[A-Za-z_]\w*/.exec(p)?.[0] ?? '')) out.add(p);
  }
  return [...out];
}

/** Renders the explanation of one task. */
export function renderExplain(plan: LoadedPlan, t: Task): string[] {
  const tasks = allTasks(plan);
  const g = createGraph(tasks.map((x) => x.name), plan.edges);
  const out: string[] = [];
  const role = t.finally ? ' (finally task)' : t.matrixRow ? ` (row ${t.matrixRow.label} of matrix ${t.baseName})` : '';
  out.push(`task ${t.name}${role} at ${t.span.file}:${t.span.line}`);
  if (t.tags.length) out.push(`  tags: ${t.tags.join(', ')}`);

  out.push('needs');
  const ins = plan.edges.filter((e) => e.to === t.name);
  const ups = inPlanOrder(g, upstream(g, t.name));
  const downs = inPlanOrder(g, downstream(g, t.name));
  if (ins.length === 0 && downs.length === 0) out.push('  no edges: it can start as soon as a worker is free');
  else {
    for (const e of ins) out.push(`  ${e.from} ${e.kind} at ${e.origin}`);
    if (ins.length === 0) out.push('  needs nothing: it can start as soon as a worker is free');
    out.push(`  upstream, transitively: ${ups.length ? ups.join(', ') : 'none'}`);
    out.push(`  downstream: ${downs.length ? downs.join(', ') : 'none'}`);
  }

  out.push('holds');
  if (t.holds.length === 0) out.push('  no claims: it can overlap any task');
  for (const h of t.holds) {
    const others = tasks.filter((x) => x.name !== t.name && x.holds.some((c) => c.resource === h.resource)).map((x) => x.name);
    out.push(`  ${h.resource} ${h.mode}; also held by ${others.length ? others.join(', ') : 'nobody'}`);
  }

  out.push('when');
  if (!t.when) out.push('  no guard: it always runs once its needs pass');
  else {
    const read = [...new Set(t.when.resultRefs.map((r) => r.task))];
    out.push(`  ${t.when.source}`);
    out.push(read.length ? `  reads tasks ${read.join(', ')}` : '  reads no task');
  }

  out.push('steps');
  for (const s of t.steps) {
    out.push(`  ${s.number}. ${s.name ? `${s.name}: ` : ''}${describeStep(s)}`);
    for (const r of s.results) {
      out.push(r.secret
        ? `     result ${r.key} (secret: scrubbed from every output once the step answers)`
        : `     result ${r.key}`);
    }
  }

  out.push('assertion paths (checked by --strict-paths)');
  let any = false;
  for (const s of t.steps) {
    const paths = checkedPaths(s);
    if (paths.length === 0) continue;
    any = true;
    const opt = s.optional.length ? `; optional: ${s.optional.join(', ')}` : '';
    out.push(`  step ${s.number}: ${paths.join(', ')}${opt}`);
  }
  if (!any) out.push('  none');
  return out;
}
