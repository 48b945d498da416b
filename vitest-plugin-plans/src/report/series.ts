/**
 * The flake report of `--repeat N` and `--compare-jobs` (plan-runner.md §4
 * "`--repeat N` above 1"), rendered from `series.start` and `series.end`
 * alone, so the terminal, JUnit, TAP and HTML (and `runner report` from the
 * log) say the same thing.
 */
import type { RunEvent, SeriesEndEvent, SeriesFailure, SeriesPass, SeriesStartEvent, SeriesTask } from '../events/types.js';
import { createRunModel, type RunModel } from './model.js';
import { countedRuns } from './series-tally.js';
import { taskLines } from './terminal.js';
import { blockText, renderBlock } from './block.js';
import { RESET_TASK } from './model.js';

/** Start and end of a series: what every series renderer reads. */
export interface SeriesFacts {
  start: SeriesStartEvent;
  end: SeriesEndEvent;
}

/** A task's rate over a pass: ok (passed or skipped) in some runs and not in others. */
export function isFlaky(t: SeriesTask): boolean {
  const ok = t.passed + t.skipped;
  return ok > 0 && ok < t.runs;
}

/** `<task> k/N passed`, `(S skipped)` when some were, `FLAKY` when it passed some runs, not all. */
export function taskRateLine(t: SeriesTask): string {
  return `${t.task} ${t.passed}/${t.runs} passed${t.skipped > 0 ? ` (${t.skipped} skipped)` : ''}${isFlaky(t) ? ' FLAKY' : ''}`;
}

/** One failing run's facts: `run 2: assert status == 200 failed: status = 503`, one line per assertion. */
export function failureLines(f: SeriesFailure): string[] {
  if (f.asserts.length === 0) return [`run ${f.run}: ${f.state}${f.reason ? `: ${f.reason.split('\n')[0]}` : ''}`];
  return f.asserts.map((a) => {
    const what = a.outcome === 'error' ? `error: ${a.error ?? ''}` : a.outcome;
    const values = a.values.map((v) => `${v.path} = ${v.value}`).join(', ');
    return `run ${f.run}: assert ${a.expr} ${what}${values ? `: ${values}` : ''}`;
  });
}

/** The pass the report is about: the wide one under `--compare-jobs`, unless a signal stopped the series before it counted a run. */
export function reportedPass(end: SeriesEndEvent): SeriesPass {
  const last = end.passes[end.passes.length - 1]!;
  if (countedRuns(last) === 0 && end.passes.length > 1) return end.passes[end.passes.length - 2]!;
  return last;
}

/** `N runs of <plan> at --jobs J, lifecycle <strategy>:` and one line per task, flaky tasks with their failing runs. */
export function passReportLines(start: SeriesStartEvent, pass: SeriesPass): string[] {
  const n = countedRuns(pass);
  const lines = [`${n} run${n === 1 ? '' : 's'} of ${start.plan} at --jobs ${pass.jobs}, lifecycle ${start.lifecycle.strategy}:`];
  for (const t of pass.tasks) {
    lines.push(taskRateLine(t));
    if (!isFlaky(t)) continue;
    for (const f of t.failures) lines.push(...failureLines(f).map((l) => `  ${l}`));
    if (t.moreFailures > 0) lines.push(`  and ${t.moreFailures} more failing run${t.moreFailures === 1 ? '' : 's'}`);
  }
  return lines;
}

/** A resource name from a URL path: its first segment (`/orders/7` → `orders`). */
function resourceName(path: string): string {
  const seg = path.split('/').find((s) => s !== '') ?? 'target';
  return seg.toLowerCase().replace(/[^a-z0-9_-]+/g, '-') || 'target';
}

/**
 * `--compare-jobs`: both pass rates per task, then a hint for each task that
 * passed every serial run but not every parallel one, naming the tasks it
 * overlapped on the same URL paths in a failing parallel run.
 */
export function compareLines(serial: SeriesPass, wide: SeriesPass): string[] {
  const n1 = countedRuns(serial);
  const n2 = countedRuns(wide);
  const lines = [`pass rates at --jobs 1 and --jobs ${wide.jobs}:`];
  const names = [...new Set([...serial.tasks.map((t) => t.task), ...wide.tasks.map((t) => t.task)])];
  const rate = (t: SeriesTask | undefined, n: number) => (t ? `${t.passed}/${t.runs}` : `0/${n}`);
  for (const name of names) {
    lines.push(`${name} serial ${rate(serial.tasks.find((t) => t.task === name), n1)}, --jobs ${wide.jobs} ${rate(wide.tasks.find((t) => t.task === name), n2)}`);
  }
  const hints: string[] = [];
  for (const w of wide.tasks) {
    const s = serial.tasks.find((t) => t.task === w.task);
    const ok = (t: SeriesTask) => t.passed + t.skipped;
    if (!s || s.runs === 0 || ok(s) < s.runs || ok(w) === w.runs) continue;
    const verb = ok(w) > 0 ? 'flakes' : 'fails';
    const head = `hint: ${w.task} ${verb} at --jobs ${wide.jobs} but not at --jobs 1`;
    if (w.overlaps.length === 0) {
      hints.push(`${head}; it overlapped no task on the same URL paths, so look for state it shares another way`);
      continue;
    }
    const what = w.overlaps.map((o) => `${o.task} on ${o.paths.join(', ')}`).join(', ');
    const resource = resourceName(w.overlaps[0]!.paths[0]!);
    const who = w.overlaps.length === 1 ? 'both' : 'all of them';
    hints.push(`${head}; it overlapped ${what}; declare a resource and hold it in ${who} (holds: [${resource}])`);
  }
  if (hints.length > 0) lines.push('', ...hints);
  return lines;
}

/** The failure blocks of one run's model, as the single-run report prints them (without header or summary). */
export function runFailureLines(model: RunModel, color = false): string[] {
  const lines: string[] = [];
  const reset = model.lifecycle.find((l) => l.state !== 'passed');
  if (reset) {
    const f = model.resetFailure;
    const state = f?.end?.state === 'timed out' ? 'timed out' : f?.end?.state === 'errored' ? 'errored' : 'failed';
    lines.push(...blockText(renderBlock(RESET_TASK, state, reset.reason, f, model.start?.plan ?? '', f?.start.line ?? 0)), '', 'LIFECYCLE RESET FAILED: no task ran', '');
  }
  let teardown = false;
  for (const t of model.tasks) {
    const l = taskLines(t, color);
    if (l.length === 0) continue;
    if (t.finally && !teardown) {
      teardown = true;
      lines.push('TEARDOWN');
    }
    if (l.length > 1 && lines.length > 0 && lines[lines.length - 1] !== '') lines.push('');
    lines.push(...l);
  }
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/**
 * The whole flake report after the run lines: the reported pass, the first
 * failing run's failures in full (when `shown` is that run's model), and under
 * `--compare-jobs` the table of both rates and the hints.
 */
export function seriesReportLines(facts: SeriesFacts, shown: RunModel | null, color = false): string[] {
  const { start, end } = facts;
  const pass = reportedPass(end);
  const lines = passReportLines(start, pass);
  // The reported pass's first failing run; under --compare-jobs, the serial one's when only it failed.
  const from = end.passes.find((p) => p.firstFailing !== null && p.firstFailing.runId === shown?.start?.runId);
  const ff = from?.firstFailing;
  if (from && ff && shown) {
    lines.push('', `first failing run at --jobs ${from.jobs}, ${ff.index}/${start.repeat} (${ff.runId}):`, ...runFailureLines(shown, color));
  }
  if (end.passes.length === 2 && countedRuns(end.passes[0]!) > 0 && countedRuns(end.passes[1]!) > 0) {
    lines.push('', ...compareLines(end.passes[0]!, end.passes[1]!));
  }
  return lines;
}

/** The line a signal leaves: which run it cut short, not counted in the rates. */
export function stoppedLine(end: SeriesEndEvent, repeat: number): string | null {
  if (!end.signal) return null;
  for (const p of end.passes) {
    const r = p.runs.find((x) => x.interrupted);
    if (r) return `${end.signal}: the series stopped during run ${r.index}/${repeat} at --jobs ${p.jobs}; that run is not counted`;
  }
  return `${end.signal}: the series stopped`;
}

/**
 * From a parsed series log: its facts, and the model of the run the page
 * shows in full (`series.end.shown`), built from that run's events only.
 */
export function seriesFromEvents(events: RunEvent[]): { facts: SeriesFacts; model: RunModel } | null {
  const start = events[0];
  const end = events[events.length - 1];
  if (start?.type !== 'series.start' || end?.type !== 'series.end') return null;
  const model = createRunModel();
  let inShown = false;
  for (const ev of events) {
    if (ev.type === 'run.start') inShown = ev.runId === end.shown;
    if (inShown) model.add(ev);
    if (ev.type === 'run.end') inShown = false;
  }
  return { facts: { start, end }, model };
}
