/**
 * Run orchestration: run.id and env, the lifecycle reset hook, the main graph
 * under the run deadline, finally tasks under `--finally-timeout` (also after
 * a deadline or a signal), counts and the exit code. Everything it learns it
 * emits; it prints nothing.
 */
import { setMaxListeners } from 'node:events';
import { ulid } from 'ulid';
import { map, str, type Value } from '../expr/values.js';
import { TASK_STATES, EVENTS_SCHEMA, type RunEndEvent, type TaskState } from '../events/types.js';
import type { Emitter } from '../events/emitter.js';
import { schedule, type SchedTask } from '../graph/scheduler.js';
import type { LoadedPlan, Task } from '../plan/types.js';
import { createHttpClient } from '../steps/transport/http-client.js';
import type { TlsConnectOptions } from '../steps/transport/tls-options.js';
import { formatMs } from '../events/format.js';
import { createRenderer } from './expr.js';
import { leftOutRead } from './only-reads.js';
import { createResultStore } from './results.js';
import { runStep } from './step-runner.js';
import { runTask, type TaskDeps } from './task-runner.js';

export interface RunOptions {
  plan: LoadedPlan;
  emitter: Emitter;
  jobs: number;
  /** Recorded in run.start. */
  version: string;
  /** `--timeout`; else the plan's `timeout`. */
  timeoutMs?: number;
  /** `--finally-timeout` (default 30s). */
  finallyTimeoutMs?: number;
  includeTags?: string[];
  /** `--only`: names selected (with their needs), and the notice line. */
  only?: { selected: ReadonlySet<string>; notice: string };
  strictPaths?: boolean;
  updateSnapshots?: boolean;
  tls?: TlsConnectOptions;
  /** A signal (SIGINT/SIGTERM): abort with the signal name as reason. */
  stop?: AbortSignal;
  runId?: string;
  /** `runtime <name>: <path> <version>` lines, printed under the header. */
  runtimes?: string[];
}

export interface RunOutcome {
  runId: string;
  exitCode: number;
  counts: Record<TaskState, number>;
  snapshotsWritten: number;
}

/** Tags left out unless `--include-tag` names them. */
export const EXCLUDED_TAGS = ['slow'];
export const DEFAULT_FINALLY_TIMEOUT_MS = 30_000;

function schedTasks(tasks: Task[], plan: LoadedPlan): Array<Task & SchedTask> {
  const names = new Set(tasks.map((t) => t.name));
  const needs = new Map<string, Set<string>>();
  for (const e of plan.edges) {
    if (!names.has(e.to) || !names.has(e.from)) continue;
    let s = needs.get(e.to);
    if (!s) needs.set(e.to, (s = new Set()));
    s.add(e.from);
  }
  for (const t of tasks) for (const n of t.needs) if (names.has(n)) (needs.get(t.name) ?? needs.set(t.name, new Set()).get(t.name)!).add(n);
  return tasks.map((t) =>
    Object.assign(Object.create(null), t, {
      needs: [...(needs.get(t.name) ?? [])],
      claims: t.holds.map((c) => ({ resource: c.resource, mode: c.mode })),
    }),
  );
}

/** Run a loaded plan; resolves when the run (finally tasks included) has ended and `run.end` is emitted. */
export async function runPlan(o: RunOptions): Promise<RunOutcome> {
  const { plan, emitter } = o;
  const started = performance.now();
  // Events place themselves on the run's clock (ms since run.start, to the µs): the HTML timeline draws from them.
  const clock = () => Math.round((performance.now() - started) * 1000) / 1000;
  const runId = o.runId ?? ulid();
  const emit = emitter.emit;
  const selected = plan.tasks.filter((t) => !o.only || o.only.selected.has(t.name));
  emit({
    type: 'run.start',
    schema: EVENTS_SCHEMA,
    version: o.version,
    runId,
    plan: plan.file,
    jobs: o.jobs,
    lifecycle: { strategy: plan.lifecycle.strategy, sharedTarget: plan.lifecycle.sharedTarget },
    startedAt: new Date().toISOString(),
    runtimes: o.runtimes ?? [],
    tasks: selected.length,
    finallyTasks: plan.finallyTasks.length,
    order: [...selected, ...plan.finallyTasks].map((t) => t.name),
  });
  const notice = (kind: string, text: string) => emit({ type: 'notice', kind, text });
  if (plan.lifecycle.sharedTarget) notice('caveat', 'lifecycle.sharedTarget is set: the target is shared with others, so this run cannot be deterministic');

  // Run deadline and signals stop the main graph; finally tasks get their own deadline.
  const mainStop = new AbortController();
  // Every running step listens on the run's signal (its deadline); --jobs 50 is not a leak.
  setMaxListeners(0, mainStop.signal);
  let stopReason = 'the run stopped';
  let ending = 'completed';
  let signalName: string | null = null;
  const deadline = o.timeoutMs ?? plan.timeoutMs;
  const timer = deadline !== undefined ? setTimeout(() => {
    stopReason = `run deadline ${formatMs(deadline)} reached`;
    ending = 'timeout';
    mainStop.abort();
  }, deadline) : undefined;
  const onStop = () => {
    signalName = String(o.stop?.reason ?? 'SIGINT');
    stopReason = `interrupted by ${signalName}`;
    ending = 'signal';
    mainStop.abort();
  };
  if (o.stop?.aborted) onStop();
  else o.stop?.addEventListener('abort', onStop, { once: true });

  const results = createResultStore([...plan.tasks, ...plan.finallyTasks].map((t) => t.name));
  const runValue = map({ id: str(runId) }, 'record');
  // env renders in order: an entry sees run.id and the entries above it.
  const env = new Map<string, Value>();
  const envValue: Value = { k: 'map', entries: env };
  const base: Record<string, Value> = { env: envValue, tasks: results.view, run: runValue };
  const render = createRenderer({ names: base }, results);
  for (const e of plan.env) {
    const text = render.text(e.value);
    // A secret env value is known to the scrubber before any task can print it.
    if (e.secret) emitter.scrubber.add(`env.${e.name}`, text);
    env.set(e.name, str(text));
  }

  const tls = o.tls ?? { rejectUnauthorized: true };
  const http = createHttpClient(tls);
  // Per-run state the kinds keep (grpc clients and reflected protos): closed when the run ends.
  const cache = new Map<string, unknown>();
  const runEndHooks: Array<{ name: string; hook: (notice: (kind: string, text: string) => void) => Promise<boolean> }> = [];
  const atRunEnd = (name: string, hook: (notice: (kind: string, text: string) => void) => Promise<boolean>) => void runEndHooks.push({ name, hook });
  const unverifiedTasks = new Set<string>();
  let requests = 0;
  let snapshots = 0;
  const deps = (signal: AbortSignal): TaskDeps => ({
    emit,
    clock,
    scrubber: emitter.scrubber,
    results,
    resources: { http, tls, planDir: plan.dir, cache, atRunEnd },
    base,
    strictPaths: o.strictPaths ?? false,
    updateSnapshots: o.updateSnapshots ?? false,
    planDir: plan.dir,
    runSignal: signal,
    runStopReason: () => stopReason,
    notice,
    onSnapshotWritten: () => snapshots++,
    countRequests: (n) => (requests += n),
    onUnverified: (task) => unverifiedTasks.add(task),
  });

  const states = new Map<string, TaskState>();
  const unrun = (t: Task, state: TaskState, reason: string) => {
    states.set(t.name, state);
    emit({ type: 'task.end', task: t.name, finally: t.finally, state, reason, step: null, durationMs: 0, requests: 0, file: t.span.file, line: t.span.line, at: clock() });
  };

  // Lifecycle reset: the hook's steps run once before any task; a failure means no task runs.
  let resetFailed = false;
  if (plan.lifecycle.strategy === 'reset' && plan.lifecycle.reset.length > 0) {
    const d = deps(mainStop.signal);
    let reason: string | null = null;
    for (const step of plan.lifecycle.reset) {
      const s = await runStep('lifecycle.reset', {}, step, d);
      requests += s.requests;
      if (s.state !== 'passed') {
        reason = s.reason ?? `step ${step.number} ${s.state}`;
        break;
      }
    }
    resetFailed = reason !== null;
    emit({ type: 'lifecycle', strategy: 'reset', phase: 'reset', state: resetFailed ? 'failed' : 'passed', reason });
  }

  if (o.only) notice('only', o.only.notice);
  const excluded = EXCLUDED_TAGS.filter((t) => !(o.includeTags ?? []).includes(t));
  if (resetFailed) {
    ending = 'reset failed';
    for (const t of selected) unrun(t, 'not run', 'the lifecycle reset hook failed');
  } else {
    const d = deps(mainStop.signal);
    const mainStates = await schedule({
      tasks: schedTasks(selected, plan),
      jobs: o.jobs,
      signal: mainStop.signal,
      stopReason: () => stopReason,
      runTask: async (t, lane) => {
        const tag = t.tags.find((x) => excluded.includes(x));
        if (tag) {
          unrun(t, 'skipped', `tagged ${tag}; run with --include-tag ${tag}`);
          return 'skipped';
        }
        return runTask(t, d, lane);
      },
      onUnrun: (t, u) => unrun(t, u.state, u.reason),
      onClaimWait: (t, c, heldBy) => emit({ type: 'claim.wait', task: t.name, resource: c.resource, mode: c.mode, heldBy, at: clock() }),
    });
    for (const [k, v] of mainStates) states.set(k, v);
  }
  if (timer) clearTimeout(timer);
  o.stop?.removeEventListener('abort', onStop);

  // Finally tasks: after the main graph, whatever ended it, under their own deadline.
  let teardown: RunEndEvent['teardown'] = null;
  if (plan.finallyTasks.length > 0) {
    const finStop = new AbortController();
    setMaxListeners(0, finStop.signal);
    const finMs = o.finallyTimeoutMs ?? DEFAULT_FINALLY_TIMEOUT_MS;
    const savedReason = stopReason;
    emit({ type: 'teardown', tasks: plan.finallyTasks.length, after: ending, timeoutMs: finMs });
    const finTimer = setTimeout(() => {
      stopReason = `finally deadline ${formatMs(finMs)} reached`;
      finStop.abort();
    }, finMs);
    const d = deps(finStop.signal);
    const leftOut = new Set(plan.tasks.filter((t) => o.only && !o.only.selected.has(t.name)).map((t) => t.name));
    const finStates = await schedule({
      tasks: schedTasks(plan.finallyTasks, plan),
      jobs: o.jobs,
      signal: finStop.signal,
      stopReason: () => stopReason,
      runTask: async (t, lane) => {
        // A skipped task prints no line of its own, so the reason is also an `only` notice (spec §4 run, item 5).
        const why = leftOut.size > 0 ? leftOutRead(t, leftOut) : null;
        if (why) {
          unrun(t, 'skipped', why);
          notice('only', `finally task ${t.name} skipped: ${why}`);
          return 'skipped';
        }
        return runTask(t, d, lane);
      },
      onUnrun: (t, u) => unrun(t, u.state, u.reason),
    });
    clearTimeout(finTimer);
    stopReason = savedReason;
    let passed = 0;
    let failed = 0;
    let errored = 0;
    for (const s of finStates.values()) {
      if (s === 'passed') passed++;
      else if (s === 'errored') errored++;
      else if (s !== 'skipped') failed++;
    }
    teardown = { passed, failed, errored };
  }
  // Run-end work of the kinds (fixture rollbacks, leaked processes), newest first, after the finally tasks.
  let runEndFailed = false;
  for (const { name, hook } of runEndHooks.reverse()) {
    const ok = await hook(notice).catch((e: unknown) => {
      notice('cleanup', `${name}: ${(e as Error).message}`);
      return false;
    });
    if (!ok) runEndFailed = true;
  }
  await http.close().catch(() => undefined);
  for (const v of cache.values()) {
    const closable = v as { close?: () => unknown };
    if (typeof closable?.close === 'function') await Promise.resolve(closable.close()).catch(() => undefined);
  }

  const counts = Object.fromEntries(TASK_STATES.map((s) => [s, 0])) as Record<TaskState, number>;
  for (const t of selected) counts[states.get(t.name) ?? 'not run']++;
  const bad = TASK_STATES.some((s) => s !== 'passed' && s !== 'skipped' && counts[s] > 0) || (teardown?.failed ?? 0) > 0 || (teardown?.errored ?? 0) > 0 || snapshots > 0 || runEndFailed;
  const unverified = selected.filter((t) => states.get(t.name) === 'passed' && unverifiedTasks.has(t.name)).length;
  const exitCode = bad ? 1 : 0;
  emit({
    type: 'run.end',
    exitCode,
    counts,
    unverified,
    tasks: selected.length,
    requests,
    wallMs: performance.now() - started,
    teardown,
    ending,
    signal: signalName,
  });
  return { runId, exitCode, counts, snapshotsWritten: snapshots };
}
