/**
 * Tasks: name, tags, needs, holds, when, timeout, matrix rows and steps.
 * A matrix task is loaded once and expanded into one Task per row, named
 * `<name>[<row name or 1-based index>]`; `matrix.<key>` is in scope.
 */
import { compileAt } from './compile.js';
import { error, spanOf, sub, type LoadCtx, type NodeCtx, type UseRecord } from './context.js';
import { didYouMean, formatPath } from './diagnostics.js';
import { durationMs, get, items, str } from './read.js';
import { loadStep } from './steps.js';
import type { Claim, ClaimMode, MatrixRow, Resource, Step, Task } from './types.js';
import { toPlain, type PNode } from './yaml-tree.js';

/** A loaded task before expansion, with the records of its expressions. */
export interface TaskDraft {
  /** Expanded tasks (one, or one per matrix row). */
  tasks: Task[];
  /** Every compiled expression of the task (shared by its rows). */
  uses: UseRecord[];
  /** Plan path of each explicit `needs` entry, in order. */
  needsPaths: string[];
  needsLines: number[];
}

function matrixRows(ctx: NodeCtx, node: PNode | undefined, name: string): MatrixRow[] | undefined {
  if (node === undefined) return undefined;
  const rows: MatrixRow[] = [];
  const labels = new Map<string, number>();
  let keys: string[] | undefined;
  items(node).forEach((it, i) => {
    if (it.kind !== 'map') return;
    const values = toPlain(it) as Record<string, unknown>;
    const rawName = values.name;
    const label = typeof rawName === 'string' ? rawName : String(i + 1);
    const rctx = sub(ctx, 'matrix', i);
    if (labels.has(label)) error(rctx, it, `matrix row ${label} of task ${name} repeats row ${labels.get(label)}; give rows distinct names`);
    labels.set(label, i + 1);
    const rowKeys = Object.keys(values).sort();
    if (keys === undefined) keys = rowKeys;
    else if (keys.join() !== rowKeys.join()) error(rctx, it, `matrix row ${i + 1} of task ${name} has keys ${rowKeys.join(', ') || '(none)'}; row 1 has ${keys.join(', ') || '(none)'}; every row takes the same keys`);
    rows.push({ label, index: i + 1, values });
  });
  return rows;
}

/** Loads one task (ctx.segs = ['tasks', i] or ['finally', i]). */
export function loadTask(ctx: NodeCtx, node: PNode, isFinally: boolean, resources: Map<string, Resource>, order: number): TaskDraft | undefined {
  const load: LoadCtx = ctx.load;
  const name = str(get(node, 'name'));
  if (name === undefined) return undefined;
  const savedUses = load.uses;
  const uses: UseRecord[] = [];
  load.uses = uses;
  try {
    const rows = matrixRows(ctx, get(node, 'matrix'), name);
    const matrixKeys = rows && rows.length > 0 ? Object.keys(rows[0]!.values) : undefined;
    const tctx: NodeCtx = matrixKeys ? { ...ctx, matrixKeys } : { ...ctx };

    const holds: Claim[] = [];
    items(get(node, 'holds')).forEach((it, i) => {
      const hctx = sub(ctx, 'holds', i);
      const resource = it.kind === 'map' ? str(get(it, 'resource')) : str(it);
      if (resource === undefined) return;
      const declared = resources.get(resource);
      if (!declared) {
        const hint = didYouMean(resource, resources.keys());
        error(hctx, it, `no resource named ${resource}${hint}; declare it under resources: with a default mode (shared or exclusive)`);
        return;
      }
      const written = it.kind === 'map' ? (str(get(it, 'mode')) as ClaimMode | undefined) : undefined;
      if (holds.some((h) => h.resource === resource)) {
        error(hctx, it, `task ${name} holds ${resource} twice`);
        return;
      }
      holds.push({ resource, mode: written ?? declared.defaultMode, explicitMode: written !== undefined, span: spanOf(load, it), path: formatPath(hctx.segs) });
    });

    const whenNode = get(node, 'when');
    const whenSrc = str(whenNode);
    const when = whenSrc === undefined ? undefined : compileAt({ ...sub(tctx, 'when'), step: 0 }, whenNode, whenSrc, 'guard', 'guard');

    const results = new Map<string, { step: number; secret: boolean }>();
    const steps: Step[] = [];
    const stepsNode = get(node, 'steps');
    if (stepsNode?.kind === 'seq' && stepsNode.items.length === 0) error(sub(ctx, 'steps'), stepsNode, `task ${name} has no steps`);
    items(stepsNode).forEach((it, i) => {
      const s = loadStep({ ...sub(tctx, 'steps', i), step: i + 1 }, it, { name, results });
      if (s) steps.push(s);
    });

    const needsNodes = items(get(node, 'needs'));
    const needs: string[] = [];
    const needsPaths: string[] = [];
    const needsLines: number[] = [];
    needsNodes.forEach((it, i) => {
      const n = str(it);
      if (n === undefined) return;
      needs.push(n);
      needsPaths.push(formatPath([...ctx.segs, 'needs', i]));
      needsLines.push(it.line);
    });

    const base: Omit<Task, 'name' | 'order'> = {
      baseName: name,
      finally: isFinally,
      span: spanOf(load, node),
      path: formatPath(ctx.segs),
      tags: items(get(node, 'tags')).map(str).filter((s): s is string => s !== undefined),
      needs,
      holds,
      steps,
      results,
    };
    if (when) base.when = when;
    const timeoutMs = durationMs(get(node, 'timeout'));
    if (timeoutMs !== undefined) base.timeoutMs = timeoutMs;
    const tasks: Task[] = rows
      ? rows.map((row, i) => ({ ...base, name: `${name}[${row.label}]`, matrixRow: row, order: order + i }))
      : [{ ...base, name, order }];
    return { tasks, uses, needsPaths, needsLines };
  } finally {
    load.uses = savedUses;
  }
}
