/**
 * Edges and result references across tasks (spec §2 "Templating", §4
 * "Reading other tasks' results"): explicit `needs`, derived edges from
 * templates (`derived:template`) and guards (`derived:when`), every rule on
 * `tasks.<t>.results.<k>`, and cycles.
 */
import { createGraph, findCycles, hasPath, type TaskGraph } from '../graph/model.js';
import { diag, didYouMean } from './diagnostics.js';
import type { LoadCtx, UseRecord } from './context.js';
import type { TaskDraft } from './tasks.js';
import type { Edge, ResultRef, Task } from './types.js';

/** Outcome of linking: every edge and the graph over all tasks. */
export interface Linked {
  edges: Edge[];
  graph: TaskGraph;
  /** Matrix base name → row names. */
  matrices: Map<string, string[]>;
}

function refError(ctx: LoadCtx, use: UseRecord, ref: ResultRef, message: string): void {
  const column = use.within ? use.within.offset + ref.column : ref.column;
  const expression = use.within ? use.within.source : use.expr.source;
  ctx.errors.push(diag('error', 'ref', use.expr.span, use.expr.path, message, { column, expression }));
}

/** Resolves tasks, edges and references; records errors on ctx. */
export function linkTasks(ctx: LoadCtx, drafts: TaskDraft[]): Linked {
  const all: Task[] = drafts.flatMap((d) => d.tasks);
  const byName = new Map(all.map((t) => [t.name, t]));
  const matrices = new Map<string, string[]>();
  for (const d of drafts) if (d.tasks[0]?.matrixRow) matrices.set(d.tasks[0].baseName, d.tasks.map((t) => t.name));
  const resolve = (n: string): Task[] | undefined => {
    const t = byName.get(n);
    if (t) return [t];
    const rows = matrices.get(n);
    return rows?.map((r) => byName.get(r)!);
  };
  const candidates = [...byName.keys(), ...matrices.keys()];
  const edges: Edge[] = [];
  const edgeKeys = new Set<string>();
  const addEdge = (e: Edge) => {
    const k = `${e.from}\u0000${e.to}\u0000${e.kind}\u0000${e.origin}`;
    if (!edgeKeys.has(k)) {
      edgeKeys.add(k);
      edges.push(e);
    }
  };

  for (const d of drafts) {
    const first = d.tasks[0];
    if (!first) continue;
    first.needs.forEach((n, i) => {
      const span = { file: ctx.file, line: d.needsLines[i]! };
      const targets = resolve(n);
      if (!targets) {
        ctx.errors.push(diag('error', 'needs', span, d.needsPaths[i]!, `no task named ${n}${didYouMean(n, candidates)}`));
        return;
      }
      if (!first.finally && targets.some((t) => t.finally)) {
        ctx.errors.push(diag('error', 'needs', span, d.needsPaths[i]!, `${n} is a finally task; a main task cannot need it (finally tasks run after the main graph)`));
        return;
      }
      for (const row of d.tasks) for (const t of targets) addEdge({ from: t.name, to: row.name, kind: 'explicit', origin: d.needsPaths[i]!, span });
    });
  }

  // Reference rules; derived edges from templates and guards.
  const pathChecks: Array<{ d: TaskDraft; use: UseRecord; ref: ResultRef; target: Task[] }> = [];
  for (const d of drafts) {
    const first = d.tasks[0];
    if (!first) continue;
    for (const use of d.uses) {
      for (const ref of use.expr.resultRefs) {
        const own = ref.task === first.baseName || d.tasks.some((t) => t.name === ref.task);
        if (own) {
          const r = first.results.get(ref.key);
          if (!r) refError(ctx, use, ref, `task ${first.baseName} declares no result ${ref.key}${didYouMean(ref.key, first.results.keys())}`);
          else if (use.use === 'guard') refError(ctx, use, ref, `the when guard of task ${first.baseName} runs before its steps; it cannot read its own result ${ref.key}`);
          else if (r.step >= use.step) refError(ctx, use, ref, `result ${ref.key} of task ${first.baseName} is produced by step ${r.step}; step ${use.step} can read only results of earlier steps`);
          continue;
        }
        const targets = resolve(ref.task);
        if (!targets) {
          refError(ctx, use, ref, `no task named ${ref.task}${didYouMean(ref.task, candidates)}`);
          continue;
        }
        if (matrices.has(ref.task) && !byName.has(ref.task)) {
          refError(ctx, use, ref, `task ${ref.task} is a matrix of ${targets.length} rows; a result reference names one task, not a matrix`);
          continue;
        }
        const target = targets[0]!;
        if (!target.results.has(ref.key)) {
          const keys = [...target.results.keys()];
          const hint = didYouMean(ref.key, keys) || (keys.length ? ` (it declares ${keys.join(', ')})` : ' (it declares no results)');
          refError(ctx, use, ref, `task ${ref.task} declares no result ${ref.key}${hint}`);
          continue;
        }
        if (!first.finally && target.finally) {
          refError(ctx, use, ref, `task ${ref.task} is a finally task; a main task cannot read its results (finally tasks run after the main graph)`);
          continue;
        }
        if (use.use === 'template' || use.use === 'guard') {
          const kind = use.use === 'template' ? 'derived:template' : 'derived:when';
          for (const row of d.tasks) addEdge({ from: target.name, to: row.name, kind, origin: use.expr.path, span: use.expr.span });
        } else if (!(first.finally && !target.finally)) {
          pathChecks.push({ d, use, ref, target: targets });
        }
      }
    }
  }

  const graph = createGraph(all.map((t) => t.name), edges);
  const cycles = findCycles(graph);
  for (const cyc of cycles) {
    const head = byName.get(cyc[0]!)!;
    const e = edges.find((x) => x.to === cyc[0] && x.from === cyc[1]);
    ctx.errors.push(diag('error', 'cycle', e?.span ?? head.span, e?.origin ?? head.path, `tasks form a cycle: ${cyc.join(' -> ')}; remove one of these needs or references`));
  }
  if (cycles.length === 0) {
    for (const { d, use, ref, target } of pathChecks) {
      const reader = d.tasks.find((row) => !target.every((t) => hasPath(graph, t.name, row.name)));
      if (reader) {
        refError(ctx, use, ref, `no path in the graph from task ${ref.task} to task ${reader.name}; add needs: [${ref.task}] to ${d.tasks[0]!.baseName}, or template the value so the edge is derived`);
      }
    }
  }
  return { edges, graph, matrices };
}
