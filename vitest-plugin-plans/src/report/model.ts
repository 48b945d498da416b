/**
 * The run as reports see it, built from events alone. Detail (steps,
 * exchanges, assertions) is kept only while a task runs and, after it ends,
 * only for tasks that did not pass, so memory follows failures, not plan size.
 * Every task keeps its place in time (start, end, lane, claim waits, the
 * phases of its first exchanges): a few numbers each, for the HTML timeline.
 */
import type {
  AssertEvent,
  ClaimWaitEvent,
  ExchangeEvent,
  LifecycleEvent,
  NoticeEvent,
  RunEndEvent,
  RunEvent,
  OpenApiCoverageEvent,
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

/** One exchange's place in time, for a task's phase bars. */
export interface ExchangeTime {
  step: number;
  attempt: number;
  /** Position in a repeat, or null. */
  index: number | null;
  /** ms since the run began. */
  at: number;
  timing: ExchangeEvent['timing'];
  /** `GET http://…/orders` (as the log carries it, scrubbed). */
  label: string;
  /** The answer's status, or null when none came. */
  status: number | null;
}

/** Where a task sat in time: what the timeline draws. */
export interface TaskTimes {
  /** `task.start`'s clock and worker slot; null for a task that never started. */
  startedAt: number | null;
  lane: number | null;
  /** `task.end`'s clock. */
  endedAt: number | null;
  /** Claims it waited for, in order (the wait ends when it starts, or ends). */
  waits: Array<Omit<ClaimWaitEvent, 'type' | 'task'>>;
  /** Its first exchanges (at most `EXCHANGES_KEPT`), in the order they ended. */
  exchanges: ExchangeTime[];
  /** Exchanges beyond those kept. */
  moreExchanges: number;
}

/** Exchanges per task the timeline keeps: a repeat of 1000 draws 50 bars and says how many more. */
export const EXCHANGES_KEPT = 50;

/** A task as reports show it: its `task.end` facts, named, with the step that decided it. */
export interface TaskReport extends Omit<TaskEndEvent, 'type' | 'task' | 'at'> {
  name: string;
  /** The deciding step, for a task that did not pass. */
  failure: StepDetail | null;
  times: TaskTimes;
}

export interface RunModel {
  start: RunStartEvent | null;
  end: RunEndEvent | null;
  notices: NoticeEvent[];
  lifecycle: LifecycleEvent[];
  /** `--openapi-coverage`: one per document. */
  coverage: OpenApiCoverageEvent[];
  /** Tasks in the order they ended (`tasksInPlanOrder` gives the order exports list them in). */
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
  const times = new Map<string, TaskTimes>();
  const timesOf = (task: string): TaskTimes => {
    let t = times.get(task);
    if (!t) times.set(task, (t = { startedAt: null, lane: null, endedAt: null, waits: [], exchanges: [], moreExchanges: 0 }));
    return t;
  };
  const model: RunModel = {
    start: null,
    end: null,
    notices: [],
    lifecycle: [],
    coverage: [],
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
        case 'openapi.coverage':
          model.coverage.push(ev);
          return null;
        case 'claim.wait':
          timesOf(ev.task).waits.push({ resource: ev.resource, mode: ev.mode, heldBy: ev.heldBy, at: ev.at });
          return null;
        case 'lifecycle': {
          model.lifecycle.push(ev);
          const steps = live.get(RESET_TASK);
          if (ev.state !== 'passed' && steps) model.resetFailure = [...steps.values()].find((s) => s.end && s.end.state !== 'passed') ?? null;
          live.delete(RESET_TASK);
          return null;
        }
        case 'task.start': {
          live.set(ev.task, new Map());
          const t = timesOf(ev.task);
          t.startedAt = ev.at ?? null;
          t.lane = ev.lane ?? null;
          return null;
        }
        case 'step.start': {
          let steps = live.get(ev.task);
          if (!steps) live.set(ev.task, (steps = new Map()));
          // Only the deciding step is ever shown: a later step replaces a passed earlier one.
          for (const [n, s] of steps) if (s.end?.state === 'passed') steps.delete(n);
          steps.set(ev.step, { start: ev, end: null, exchange: null, asserts: [], attempt: 0 });
          return null;
        }
        case 'exchange': {
          if (ev.task !== RESET_TASK) {
            const t = timesOf(ev.task);
            if (t.exchanges.length >= EXCHANGES_KEPT || typeof ev.at !== 'number') t.moreExchanges++;
            else t.exchanges.push({ step: ev.step, attempt: ev.attempt, index: ev.index, at: ev.at, timing: ev.timing, label: `${ev.request.method} ${ev.request.url}`, status: ev.response?.status ?? null });
          }
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
          const tt = timesOf(ev.task);
          times.delete(ev.task);
          tt.endedAt = ev.at ?? null;
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
            times: tt,
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
    times: { startedAt: null, lane: null, endedAt: null, waits: [], exchanges: [], moreExchanges: 0 },
  };
}

/**
 * The model's tasks in plan order, as `run.start` lists them (main tasks, then
 * finally tasks): JUnit and TAP must not change with `--jobs` or with which
 * task answered first, and the order comes from an event so a model built
 * from a log sorts alike. A task the list does not name keeps its place after
 * the named ones, in the order it ended.
 */
export function tasksInPlanOrder(model: RunModel): TaskReport[] {
  // `order` may be missing from a log an older runner wrote.
  const order = model.start?.order ?? [];
  const pos = new Map(order.map((name, i) => [name, i]));
  const rank = (t: TaskReport) => pos.get(t.name) ?? order.length;
  // Array.prototype.sort is stable, so unnamed tasks stay in the order they ended.
  return [...model.tasks].sort((a, b) => rank(a) - rank(b));
}
