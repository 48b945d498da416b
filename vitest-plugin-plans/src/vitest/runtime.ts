/**
 * What a generated plan module calls inside the test worker. The plan runs
 * once per module, with the engine's own scheduler (needs, holds, jobs),
 * started by the first test that awaits its task; each test then waits for
 * its own task's end. The run goes through the same run session as `runner
 * run` (session/run-session.ts): one scrub point, the model the outcomes are
 * read from, and the event log the reporter renders the exports from.
 * Under `--shard` the module names its tasks, and the run is of the plan cut
 * down to them (whole units: nothing kept needs or reads what is cut).
 */
import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { loadPlan } from '../plan/load.js';
import { renderDiagnostic } from '../plan/diagnostics.js';
import { createRunSession } from '../session/run-session.js';
import { loadFailureText, type ModuleSpec } from './codegen.js';
import { applyEnvOverrides, envFromProcess } from '../plan/env-overrides.js';
import { ENV_KEY, EVENTS_DIR_KEY, eventsFileFor } from './events-file.js';
import { testOutcome, type TestOutcome } from './outcome.js';
import { restrictPlan } from './shard.js';

/** Error factories of a generated module, by YAML line (each created on a line mapped to it). */
export type ErrorFactories = Record<number, (message: string) => Error>;

/** The handle a generated module holds. */
export interface PlanRun {
  /** Starts the run if needed; resolves when the task has ended. */
  outcome(task: string): Promise<TestOutcome>;
  /** Resolves when the run (finally tasks included) has ended and its log is closed. */
  finish(): Promise<void>;
  /** The Error a failed test throws, created at the YAML line the failure names. */
  failure(o: Extract<TestOutcome, { kind: 'fail' }>, at: ErrorFactories): Error;
  /** The Error of a plan that did not load. */
  loadError(text: string, at: ErrorFactories, line: number): Error;
}

function version(): string {
  try {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version?: string };
    return `vitest-plugin-plans ${pkg.version ?? '(unknown)'} node ${process.version} (vitest)`;
  } catch {
    return `vitest-plugin-plans (no build info) node ${process.version} (vitest)`;
  }
}

function provided<K extends typeof ENV_KEY | typeof EVENTS_DIR_KEY>(key: K) {
  try {
    return inject(key);
  } catch {
    return undefined;
  }
}

/** Creates the run of one plan module (called once by the generated code). */
export function createPlanRun(spec: ModuleSpec): PlanRun {
  const ended = new Map<string, TestOutcome>();
  const waiting = new Map<string, Array<(o: TestOutcome) => void>>();
  let running: Promise<void> | undefined;
  let over = false;

  const settle = (task: string, o: TestOutcome) => {
    ended.set(task, o);
    for (const w of waiting.get(task) ?? []) w(o);
    waiting.delete(task);
  };

  async function run(): Promise<void> {
    const load = loadPlan(spec.file, { cwd: spec.root });
    if (!load.ok) throw new Error(loadFailureText(spec.file, load.errors, load.warnings, false) ?? 'the plan did not load');
    // Later layers win: the plugin's env, then what a global setup provides, then RUNNER_ENV_*.
    const whole = applyEnvOverrides(load.plan, spec.settings.env, provided(ENV_KEY), envFromProcess(process.env));
    const plan = spec.tasks ? restrictPlan(whole, new Set(spec.tasks)) : whole;
    for (const w of plan.warnings) console.warn(`warning: ${renderDiagnostic(w)}`);
    for (const a of plan.advice) console.warn(`advice: ${renderDiagnostic(a)}`);

    const dir = provided(EVENTS_DIR_KEY);
    // The same session as `runner run`: one scrub point, the log the reporter renders exports from,
    // and each task's report settling its test.
    const session = createRunSession({
      bodyCap: spec.settings.eventsBodyCap,
      ...(dir ? { events: { target: eventsFileFor(dir, spec.id) } } : {}),
      keepTasks: false,
      onTaskEnd: (done) => settle(done.name, testOutcome(done)),
    });
    // The lines `runner run` prints before its summary (waitFor, fixture, leak, unverified, cleanup)
    // go to the test file's stderr, scrubbed like every event.
    session.emitter.onEvent((ev) => {
      if (ev.type === 'notice' && ev.kind !== 'caveat') console.warn(`${ev.kind}: ${ev.text}`);
    });
    const s = spec.settings;
    try {
      await session.run({
        plan,
        jobs: s.jobs,
        version: version(),
        includeTags: s.includeTags,
        strictPaths: s.strictPaths,
        updateSnapshots: s.updateSnapshots,
        ...(s.timeoutMs !== undefined ? { timeoutMs: s.timeoutMs } : {}),
        ...(s.finallyTimeoutMs !== undefined ? { finallyTimeoutMs: s.finallyTimeoutMs } : {}),
      });
    } finally {
      for (const f of session.finish()) console.warn(`vitest-plugin-plans: the event log of ${spec.file} could not be written: ${f.error.message}`);
    }
  }

  const start = (): Promise<void> => {
    running ??= run().then(
      () => {
        over = true;
        for (const task of [...waiting.keys()]) settle(task, { kind: 'skip', reason: `not run: the run ended without task ${task}` });
      },
      (e: unknown) => {
        const message = e instanceof Error ? e.message : String(e);
        for (const task of [...waiting.keys()]) settle(task, { kind: 'fail', message, line: 1, taskLine: 1 });
        throw e;
      },
    );
    return running;
  };

  return {
    outcome(task) {
      const done = ended.get(task);
      if (done) return Promise.resolve(done);
      if (over) return Promise.resolve({ kind: 'skip', reason: `not run: the run ended without task ${task}` });
      const p = new Promise<TestOutcome>((resolve) => {
        const list = waiting.get(task) ?? [];
        list.push(resolve);
        waiting.set(task, list);
      });
      start().catch(() => undefined);
      return p;
    },
    finish() {
      return running ? running.catch(() => undefined) : Promise.resolve();
    },
    failure(o, at) {
      const make = at[o.line] ?? at[o.taskLine] ?? ((m: string) => new Error(m));
      return make(o.message);
    },
    loadError(text, at, line) {
      return (at[line] ?? ((m: string) => new Error(m)))(text);
    },
  };
}
