/**
 * The run as reports see it, built from events alone. Detail (steps,
 * exchanges, assertions) is kept only while a task runs and, after it ends,
 * only for tasks that did not pass, so memory follows failures, not plan size.
 */
import type {
  AssertEvent,
  ExchangeEvent,
  LifecycleEvent,
  NoticeEvent,
  RunEndEvent,
  RunEvent,
  RunStartEvent,
  StepEndEvent,
  StepStartEvent,
  TaskEndEvent,
} from '../events/types.js';

/** What a failure block shows about the step that decided a task's state. */
export interface StepDetail {
  start: StepStartEvent;
  end: StepEndEvent | null;
  /** Exchanges of the last attempt (a repeat keeps its last). */
  exchange: ExchangeEvent | null;
  /** Assertions of the last attempt, held or not. */
  asserts: AssertEvent[];
  attempt: number;
}

/** A task as reports show it: its `task.end` facts, named, with the step that decided it. */
export interface TaskReport extends Omit<TaskEndEvent, 'type' | 'task'> {
  name: string;
  /** The deciding step, for a task that did not pass. */
  failure: StepDetail | null;
}

export interface RunModel {
  start: RunStartEvent | null;
  end: RunEndEvent | null;
  notices: NoticeEvent[];
  lifecycle: LifecycleEvent[];
  /** Tasks in the order they ended. */
  tasks: TaskReport[];
  /** Reset-hook steps that did not pass (task name `lifecycle.reset`). */
  resetFailure: StepDetail | null;
  /** Feed one event. Returns the task report when the event ended a task. */
  add(event: RunEvent): TaskReport | null;
}

/** Task name under which the reset hook's steps report. */
export const RESET_TASK = 'lifecycle.reset';

export interface RunModelOptions {
  /** Keep a report of every task (exports need them; the streaming terminal does not). Default true. */
  keepTasks?: boolean;
}

/** Create an empty model; feed it with `add`. */
export function createRunModel(options: RunModelOptions = {}): RunModel {
  const keep = options.keepTasks ?? true;
  const live = new Map<string, Map<number, StepDetail>>();
  const model: RunModel = {
    start: null,
    end: null,
    notices: [],
    lifecycle: [],
    tasks: [],
    resetFailure: null,
    add(ev) {
      switch (ev.type) {
        case 'run.start':
          model.start = ev;
          return null;
        case 'run.end':
          model.end = ev;
          return null;
        case 'notice':
          model.notices.push(ev);
          return null;
        case 'lifecycle': {
          model.lifecycle.push(ev);
          const steps = live.get(RESET_TASK);
          if (ev.state !== 'passed' && steps) model.resetFailure = [...steps.values()].find((s) => s.end && s.end.state !== 'passed') ?? null;
          live.delete(RESET_TASK);
          return null;
        }
        case 'task.start':
          live.set(ev.task, new Map());
          return null;
        case 'step.start': {
          let steps = live.get(ev.task);
          if (!steps) live.set(ev.task, (steps = new Map()));
          // Only the deciding step is ever shown: a later step replaces a passed earlier one.
          for (const [n, s] of steps) if (s.end?.state === 'passed') steps.delete(n);
          steps.set(ev.step, { start: ev, end: null, exchange: null, asserts: [], attempt: 0 });
          return null;
        }
        case 'exchange': {
          const s = live.get(ev.task)?.get(ev.step);
          if (s) {
            if (ev.attempt !== s.attempt) {
              s.attempt = ev.attempt;
              s.asserts = [];
            }
            s.exchange = ev;
          }
          return null;
        }
        case 'assert': {
          const s = live.get(ev.task)?.get(ev.step);
          if (s) {
            if (ev.attempt !== s.attempt) {
              s.attempt = ev.attempt;
              s.asserts = [];
              s.exchange = s.exchange && s.exchange.attempt === ev.attempt ? s.exchange : s.exchange;
            }
            s.asserts.push(ev);
          }
          return null;
        }
        case 'step.end': {
          const s = live.get(ev.task)?.get(ev.step);
          if (s) s.end = ev;
          return null;
        }
        case 'task.end': {
          const steps = live.get(ev.task);
          live.delete(ev.task);
          const failure = ev.state === 'passed' || !steps || ev.step === null ? null : (steps.get(ev.step) ?? null);
          const t: TaskReport = {
            name: ev.task,
            finally: ev.finally,
            state: ev.state,
            reason: ev.reason,
            step: ev.step,
            durationMs: ev.durationMs,
            requests: ev.requests,
            file: ev.file,
            line: ev.line,
            failure,
          };
          if (keep || t.state !== 'passed') model.tasks.push(t);
          return t;
        }
        default:
          return null;
      }
    },
  };
  return model;
}

/** A failed lifecycle reset hook as a task-like entry (JUnit and TAP list it first so they fail too). */
export function resetReport(model: RunModel): TaskReport | null {
  const l = model.lifecycle.find((x) => x.state !== 'passed');
  if (!l) return null;
  const f = model.resetFailure;
  const s = f?.end?.state;
  return {
    name: RESET_TASK,
    finally: false,
    state: s === 'timed out' || s === 'errored' ? s : 'failed',
    reason: l.reason,
    step: f?.start.step ?? null,
    durationMs: f?.end?.durationMs ?? 0,
    requests: 0,
    file: f?.start.file ?? model.start?.plan ?? '',
    line: f?.start.line ?? 0,
    failure: f,
  };
}
