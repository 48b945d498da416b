/**
 * One step, common to every kind: deadline, retry, assertions (every
 * evaluation recorded), `--strict-paths`, snapshot writes, results and
 * secrets. The step's exchange, assert and result events are held until its
 * results are known, so a secret result is scrubbed even from the response
 * that carried it.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { toJsonText } from '../expr/json-exact.js';
import type { Value } from '../expr/values.js';
import type { AssertEvent, RunEvent, StepState } from '../events/types.js';
import type { Scrubber } from '../events/scrubber.js';
import type { CompiledExpr, Step, Task } from '../plan/types.js';
import { stepModule } from '../steps/registry.js';
import { TemplateError, type RunResources, type StepOutcome } from '../steps/types.js';
import { formatMs } from '../events/format.js';
import { createRenderer, evaluate, type RuntimeScope } from './expr.js';
import { templateText } from '../expr/template-text.js';
import { createDeadline } from './deadline.js';
import type { ResultStore } from './results.js';
import { strictPathFailures } from '../expr/strict-paths.js';
import { assertValues } from '../expr/computed.js';

export interface StepDeps {
  emit(ev: RunEvent): void;
  /** ms since the run began (the clock events carry as `at`). */
  clock(): number;
  scrubber: Scrubber;
  results: ResultStore;
  resources: RunResources;
  /** `env`, `tasks`, `run` (and `matrix`) for this task. */
  base: Record<string, Value>;
  strictPaths: boolean;
  updateSnapshots: boolean;
  planDir: string;
  /** Aborts at the run deadline or a signal. */
  runSignal: AbortSignal;
  runStopReason(): string;
  notice(kind: string, text: string): void;
  onSnapshotWritten(): void;
}

export interface StepRun {
  state: StepState;
  reason: string | null;
  requests: number;
  /** The step passed without verifying anything (a script with no checks). */
  unverified: boolean;
}

function sleep(ms: number, signal: AbortSignal): Promise<boolean> {
  return new Promise((resolveSleep) => {
    if (signal.aborted) return resolveSleep(false);
    const t = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolveSleep(true);
    }, ms);
    const onAbort = () => {
      clearTimeout(t);
      resolveSleep(false);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** When an exchange that took `total` ms and ended at `now` began, on the run's clock (µs). */
function sentAt(now: number, total: number | null | undefined): number {
  return Math.max(0, Math.round((now - (total ?? 0)) * 1000) / 1000);
}

/** Run one step of `task` (or of the reset hook, named by `taskName`). */
export async function runStep(taskName: string, task: Pick<Task, 'timeoutMs'>, step: Step, deps: StepDeps): Promise<StepRun> {
  const started = performance.now();
  deps.emit({ type: 'step.start', task: taskName, step: step.number, kind: step.kind, name: step.name ?? null, file: step.span.file, line: step.span.line });
  const held: RunEvent[] = [];
  let requests = 0;
  let attempt = 0;
  let state: StepState = 'passed';
  let reason: string | null = null;
  let phase: string | null = null;
  let unverified = false;
  const attempts = Math.max(1, step.retry?.attempts ?? 1);
  const mod = stepModule(step.kind);
  const stepMs = [task.timeoutMs, mod.timeoutMs(step.request)].filter((x): x is number => typeof x === 'number').reduce<number | undefined>((a, b) => (a === undefined ? b : Math.min(a, b)), undefined);
  const baseScope: RuntimeScope = { names: deps.base };
  let rt: RuntimeScope = baseScope;

  for (attempt = 1; attempt <= attempts; attempt++) {
    state = 'passed';
    reason = null;
    phase = null;
    // The deadline's timer is held here and cleared when the attempt ends: a bare
    // AbortSignal.timeout inside AbortSignal.any can be collected before it fires (nodejs/node#57736).
    const deadline = createDeadline(deps.runSignal, stepMs === undefined ? undefined : stepMs + (mod.deadlineGraceMs ?? 0));
    const n = attempt;
    let outcome: StepOutcome;
    try {
      outcome = await mod.run(step, {
        task: taskName,
        step: step.number,
        attempt: n,
        signal: deadline.signal,
        deadlineMs: stepMs,
        render: createRenderer(baseScope, deps.results),
        resources: deps.resources,
        test: (expr, names) => {
          const r = evaluate({ compiled: expr } as CompiledExpr, { names: { ...names, ...deps.base } });
          return { held: r.outcome === 'held', error: r.outcome === 'error' ? (r.error ?? 'error') : null };
        },
        // A kind reports an exchange when it ends; it began `total` earlier, whatever the kind.
        exchange: (ex) => held.push({ type: 'exchange', task: taskName, step: step.number, attempt: n, kind: step.kind, ...ex, at: sentAt(deps.clock(), ex.timing.total), lines: [] }),
        notice: deps.notice,
      });
    } catch (e) {
      state = 'errored';
      reason = e instanceof TemplateError ? e.message : `the step failed: ${(e as Error).message}`;
      break;
    } finally {
      deadline.clear();
    }
    requests += outcome.requests;
    if (outcome.timedOut) {
      state = 'timed out';
      phase = outcome.timedOut.phase;
      reason = deps.runSignal.aborted ? deps.runStopReason() : `step deadline ${formatMs(stepMs ?? 0)} reached`;
      break;
    }
    if (outcome.error !== null) {
      state = 'errored';
      reason = outcome.error;
    } else if (outcome.failed !== undefined) {
      state = 'failed';
      reason = outcome.failed;
    } else {
      rt = { names: { ...outcome.names, ...deps.base }, ...(outcome.bodyNotJson ? { bodyNotJson: outcome.bodyNotJson } : {}) };
      let allHeld = true;
      step.assertions.forEach((a, i) => {
        const r = evaluate(a, rt, { updateSnapshots: deps.updateSnapshots, secrets: deps.scrubber.known() });
        let outcomeWord = r.outcome;
        const detail = [...r.detail];
        for (const w of r.snapshotWrites) {
          const abs = resolve(deps.planDir, w.path);
          mkdirSync(dirname(abs), { recursive: true });
          writeFileSync(abs, w.text.endsWith('\n') ? w.text : w.text + '\n');
          deps.onSnapshotWritten();
          const line = `snapshot ${w.path} written, not compared`;
          if (!detail.some((d) => d.includes(line))) detail.push(line);
          outcomeWord = 'failed';
        }
        // An automatic assertion (graphql `body.errors …`) reads a path the plan
        // never wrote, so --strict-paths does not apply to it.
        if (deps.strictPaths && !a.auto) {
          const v = strictPathFailures(r, step.optional);
          if (v.length > 0) {
            detail.push(...v);
            if (outcomeWord === 'held') outcomeWord = 'failed';
          }
        }
        if (outcomeWord !== 'held') allHeld = false;
        const ev: AssertEvent = {
          type: 'assert',
          task: taskName,
          step: step.number,
          attempt: n,
          index: i + 1,
          auto: a.auto,
          expr: a.source,
          file: a.auto ? step.kindSpan.file : a.span.file,
          line: a.auto ? step.kindSpan.line : a.span.line,
          outcome: outcomeWord,
          values: assertValues(r),
          detail,
          error: r.error ?? null,
          note: a.auto && outcomeWord !== 'held' ? (mod.autoNote ?? null) : null,
        };
        held.push(ev);
      });
      // A kind's own checks (script) are reported after the written assertions, like them.
      (outcome.checks ?? []).forEach((c, i) => {
        if (!c.ok) allHeld = false;
        held.push({
          type: 'assert', task: taskName, step: step.number, attempt: n, index: step.assertions.length + i + 1, auto: false,
          expr: `check ${c.name}`, file: step.kindSpan.file, line: step.kindSpan.line, outcome: c.ok ? 'held' : 'failed',
          values: [], detail: c.detail, error: null, note: null,
        });
      });
      unverified = outcome.unverified === true;
      if (!allHeld) state = 'failed';
    }
    if (state === 'passed' || attempt === attempts) break;
    if (!(await sleep(step.retry?.delayMs ?? 0, deps.runSignal))) {
      state = 'timed out';
      phase = 'waiting to retry';
      reason = deps.runStopReason();
      break;
    }
  }
  if (attempt > attempts) attempt = attempts;

  if (state === 'passed') {
    for (const decl of step.results) {
      const r = evaluate(decl.expr, rt);
      if (r.outcome !== 'held' || r.value === undefined) {
        state = 'errored';
        reason = `result ${decl.key}: ${r.error ?? r.outcome}`;
        break;
      }
      const absent = r.value.k === 'nil';
      if (!absent) {
        deps.results.set(taskName, decl.key, r.value);
        if (decl.secret) deps.scrubber.add(decl.key, templateText(r.value));
      }
      held.push({ type: 'result', task: taskName, step: step.number, key: decl.key, secret: decl.secret, absent, value: absent ? null : toJsonText(r.value) });
    }
  }
  // Secrets are known now: everything the step produced goes out scrubbed.
  for (const ev of held) deps.emit(ev);
  if (attempts > 1 && attempt > 1) {
    const how = state === 'passed' ? `passed on attempt ${attempt} of ${attempts}` : `${state} after ${attempt} attempts`;
    deps.notice('retried', `${taskName} › step ${step.number} ${how}`);
  }
  deps.emit({ type: 'step.end', task: taskName, step: step.number, state, reason, phase, attempts: attempt, durationMs: performance.now() - started });
  if (state === 'passed' && unverified) deps.notice('unverified', `${taskName} › step ${step.number}: the script ended ok without a check`);
  return { state, reason, requests, unverified: state === 'passed' && unverified };
}
