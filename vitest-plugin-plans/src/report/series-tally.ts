/**
 * The flake report's tally of one series (`--repeat N`), built from events
 * alone. Memory stays flat across repeats: per task it keeps counts, the
 * first few failing runs' assertion facts, and the tasks it overlapped; per
 * run only what the current run needs (spans and paths of its tasks) until
 * its `run.end`.
 */
import type { AssertEvent, RunEvent, SeriesFailure, SeriesPass, SeriesRun, SeriesTask, TaskEndEvent } from '../events/types.js';
import { summaryLine } from './terminal.js';

/** Failing runs kept per task; later ones are only counted. */
export const SERIES_FAILURES_KEPT = 10;

/** A task's stay in one run: event positions (a clock the log carries too) and the URL paths it sent to. */
interface Span {
  from: number;
  to: number;
  paths: Set<string>;
}

interface RunState {
  runId: string;
  spans: Map<string, Span>;
  /** Assertions that did not hold, by task and step, of each step's last attempt. */
  notHeld: Map<string, Map<number, AssertEvent[]>>;
  ends: TaskEndEvent[];
}

export interface PassTally {
  /** Feed every event of the series' runs, in order. */
  add(event: RunEvent): SeriesRun | null;
  /** The pass as `series.end` carries it. */
  result(): SeriesPass;
}

function pathOf(url: string): string | null {
  try {
    return new URL(url).pathname;
  } catch {
    return null;
  }
}

/**
 * Tally one series at one `--jobs`. `order` lists task names in plan order
 * (main tasks, then finally tasks); tasks not in it follow in the order they
 * first ended.
 */
export function createPassTally(jobs: number, order: readonly string[] = []): PassTally {
  const tasks = new Map<string, SeriesTask>();
  for (const name of order) tasks.set(name, { task: name, finally: false, runs: 0, passed: 0, skipped: 0, durationMs: 0, failures: [], moreFailures: 0, overlaps: [] });
  const runs: SeriesRun[] = [];
  let firstFailing: SeriesPass['firstFailing'] = null;
  let cur: RunState | null = null;
  let clock = 0;

  const commit = (run: RunState, index: number) => {
    const failedHere: string[] = [];
    for (const e of run.ends) {
      let t = tasks.get(e.task);
      if (!t) tasks.set(e.task, (t = { task: e.task, finally: e.finally, runs: 0, passed: 0, skipped: 0, durationMs: 0, failures: [], moreFailures: 0, overlaps: [] }));
      t.finally = e.finally;
      t.runs++;
      t.durationMs += e.durationMs;
      if (e.state === 'passed') t.passed++;
      else if (e.state === 'skipped') t.skipped++;
      else {
        failedHere.push(e.task);
        if (t.failures.length >= SERIES_FAILURES_KEPT) t.moreFailures++;
        else {
          const asserts = (e.step !== null ? run.notHeld.get(e.task)?.get(e.step) : undefined) ?? [];
          const f: SeriesFailure = {
            run: index,
            state: e.state,
            reason: e.reason,
            asserts: asserts.map((a) => ({ expr: a.expr, outcome: a.outcome, values: a.values, error: a.error })),
          };
          t.failures.push(f);
        }
      }
    }
    // Overlap: started before the other ended and ended after it started, touching a URL path both sent to.
    for (const name of failedHere) {
      const mine = run.spans.get(name);
      const t = tasks.get(name)!;
      if (!mine) continue;
      for (const [other, span] of run.spans) {
        if (other === name || !(mine.from < span.to && mine.to > span.from)) continue;
        const shared = [...mine.paths].filter((p) => span.paths.has(p));
        if (shared.length === 0) continue;
        let o = t.overlaps.find((x) => x.task === other);
        if (!o) t.overlaps.push((o = { task: other, paths: [] }));
        for (const p of shared) if (!o.paths.includes(p)) o.paths.push(p);
      }
    }
  };

  return {
    add(ev) {
      clock++;
      if (ev.type === 'run.start') {
        cur = { runId: ev.runId, spans: new Map(), notHeld: new Map(), ends: [] };
        return null;
      }
      const run = cur;
      if (!run) return null;
      switch (ev.type) {
        case 'task.start':
          run.spans.set(ev.task, { from: clock, to: Number.POSITIVE_INFINITY, paths: new Set() });
          return null;
        case 'exchange': {
          const p = pathOf(ev.request.url);
          if (p !== null) run.spans.get(ev.task)?.paths.add(p);
          return null;
        }
        case 'assert': {
          let steps = run.notHeld.get(ev.task);
          if (!steps) run.notHeld.set(ev.task, (steps = new Map()));
          let list = steps.get(ev.step);
          // A retry's later attempt replaces the earlier one's failures.
          if (list && list.length > 0 && list[0]!.attempt !== ev.attempt) list = undefined;
          if (!list) steps.set(ev.step, (list = []));
          if (ev.outcome !== 'held') list.push(ev);
          return null;
        }
        case 'task.end': {
          const span = run.spans.get(ev.task);
          if (span) span.to = clock;
          run.ends.push(ev);
          return null;
        }
        case 'run.end': {
          cur = null;
          const index = runs.length + 1;
          const interrupted = ev.ending === 'signal';
          const r: SeriesRun = { index, runId: run.runId, exitCode: ev.exitCode, summary: summaryLine(ev), interrupted };
          runs.push(r);
          // A run a signal cut short says nothing about flakiness: printed and its exit code counted, never tallied.
          if (!interrupted) {
            commit(run, index);
            if (ev.exitCode !== 0 && firstFailing === null) firstFailing = { index, runId: run.runId };
          }
          return r;
        }
        default:
          return null;
      }
    },
    result() {
      return { jobs, runs, tasks: [...tasks.values()].filter((t) => t.runs > 0), firstFailing };
    },
  };
}

/** Runs of a pass that count (not cut short by a signal). */
export function countedRuns(pass: SeriesPass): number {
  return pass.runs.filter((r) => !r.interrupted).length;
}
