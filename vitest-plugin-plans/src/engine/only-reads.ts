/**
 * `--only` and finally tasks (spec §4 run: tasks left out are not run and do
 * not affect the exit code). Every finally task runs under `--only`, but one
 * that reads a result of a main task `--only` left out cannot render or
 * assert: it is skipped with a reason instead of erroring (issue 12, D5).
 */
import type { CompiledExpr, ResultRef, Task } from '../plan/types.js';

function isExpr(v: object): v is CompiledExpr {
  return Array.isArray((v as Partial<CompiledExpr>).resultRefs) && 'compiled' in v;
}

/**
 * Every `tasks.<t>.results.<k>` reference of a task: guard, step requests,
 * assertions and result expressions. A step's request is typed by its kind;
 * the templates inside it are plan types (Template → CompiledExpr), so a walk
 * by shape finds them without naming a kind (style.md: only the registry
 * switches on a kind).
 */
export function taskResultRefs(task: Task): ResultRef[] {
  const refs: ResultRef[] = [];
  const seen = new Set<object>();
  const walk = (v: unknown): void => {
    if (v === null || typeof v !== 'object' || seen.has(v) || ArrayBuffer.isView(v)) return;
    seen.add(v);
    if (isExpr(v)) {
      // The compiled form is the expr package's own; its refs are already listed.
      refs.push(...v.resultRefs);
      return;
    }
    const values = v instanceof Map ? v.values() : Array.isArray(v) ? v : Object.values(v);
    for (const x of values) walk(x);
  };
  walk(task.when);
  walk(task.steps);
  return refs;
}

/**
 * Why a finally task cannot run under `--only`: the first result it reads of
 * a main task that was left out, else null.
 *
 * @example
 * leftOutRead(cleanup, new Set(['create']))
 * // 'reads tasks.create.results.id, and --only left create out'
 */
export function leftOutRead(task: Task, leftOut: ReadonlySet<string>): string | null {
  const ref = taskResultRefs(task).find((r) => leftOut.has(r.task));
  return ref ? `reads tasks.${ref.task}.results.${ref.key}, and --only left ${ref.task} out` : null;
}
