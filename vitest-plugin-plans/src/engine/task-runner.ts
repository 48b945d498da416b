/**
 * One task: its `when` guard, then its steps in order until one does not
 * pass. Emits task.start and task.end; the steps emit their own events.
 */
import { fromJs, type Value } from '../expr/values.js';
import type { TaskState } from '../events/types.js';
import type { Task } from '../plan/types.js';
import { evaluate } from './expr.js';
import { runStep, type StepDeps } from './step-runner.js';

export type TaskDeps = Omit<StepDeps, 'base'> & {
  /** `env`, `tasks`, `run` names. */
  base: Record<string, Value>;
  countRequests(n: number): void;
  /** A step of the task passed without verifying anything. */
  onUnverified(task: string): void;
};

/** Scope names of a task: the run's, plus `matrix` in a matrix row. */
export function taskBase(task: Task, base: Record<string, Value>): Record<string, Value> {
  return task.matrixRow ? { ...base, matrix: fromJs(task.matrixRow.values) } : base;
}

/** Run a task to its final state on worker slot `lane` (recorded for the timeline). */
export async function runTask(task: Task, deps: TaskDeps, lane = 0): Promise<TaskState> {
  const started = performance.now();
  const base = taskBase(task, deps.base);
  deps.emit({ type: 'task.start', task: task.name, finally: task.finally, file: task.span.file, line: task.span.line, at: deps.clock(), lane });
  let state: TaskState = 'passed';
  let reason: string | null = null;
  let stepNo: number | null = null;
  let requests = 0;

  if (task.when) {
    const r = evaluate(task.when, { names: base });
    if (r.outcome === 'failed') {
      state = 'skipped';
      reason = `when ${task.when.source} is false`;
    } else if (r.outcome !== 'held') {
      state = 'errored';
      reason = `when ${task.when.source}: ${r.error ?? r.outcome}`;
    }
  }
  if (state === 'passed') {
    for (const step of task.steps) {
      if (deps.runSignal.aborted) {
        state = 'timed out';
        reason = deps.runStopReason();
        break;
      }
      const s = await runStep(task.name, task, step, { ...deps, base });
      requests += s.requests;
      deps.countRequests(s.requests);
      if (s.unverified) deps.onUnverified(task.name);
      if (s.state !== 'passed') {
        state = s.state;
        reason = s.reason;
        stepNo = step.number;
        break;
      }
    }
  }
  deps.emit({
    type: 'task.end',
    task: task.name,
    finally: task.finally,
    state,
    reason,
    step: stepNo,
    durationMs: performance.now() - started,
    requests,
    file: task.span.file,
    line: task.span.line,
    at: deps.clock(),
  });
  return state;
}
