/**
 * The flake report's tally and text from synthetic events: rates, FLAKY,
 * the failing runs' values (a retry's last attempt only, at most 10 kept),
 * overlaps on shared paths, and the `--compare-jobs` hints.
 */
import { describe, expect, it } from 'vitest';
import type { RunEvent, SeriesPass, SeriesStartEvent } from '../events/types.js';
import { compareLines, passReportLines } from './series.js';
import { createPassTally, SERIES_FAILURES_KEPT } from './series-tally.js';

const counts = { passed: 0, failed: 0, errored: 0, 'timed out': 0, skipped: 0, blocked: 0, 'not run': 0 };
const runStart = (runId: string): RunEvent => ({ type: 'run.start', schema: 'runner.events/v1', version: 'v', runId, plan: 'p.yaml', jobs: 2, lifecycle: { strategy: 'unique', sharedTarget: false }, startedAt: 't', runtimes: [], tasks: 2, finallyTasks: 0 });
const runEnd = (exitCode: number, ending = 'completed'): RunEvent => ({ type: 'run.end', exitCode, counts, unverified: 0, tasks: 2, requests: 2, wallMs: 1, teardown: null, ending, signal: null });
const taskStart = (task: string): RunEvent => ({ type: 'task.start', task, finally: false, file: 'p.yaml', line: 1 });
const taskEnd = (task: string, state: 'passed' | 'failed'): RunEvent => ({ type: 'task.end', task, finally: false, state, reason: null, step: 1, durationMs: 1, requests: 1, file: 'p.yaml', line: 1 });
const exchange = (task: string, url: string): RunEvent => ({ type: 'exchange', task, step: 1, attempt: 1, kind: 'http', index: null, request: { method: 'GET', url, headers: [], body: null, bodyEncoding: 'utf8', bodySize: 0, bodyTruncated: false }, response: null, redirects: [], timing: {}, newConnection: false, error: null, frames: null, extra: null, lines: [] });
const assert = (task: string, attempt: number, outcome: 'held' | 'failed', value: string): RunEvent => ({ type: 'assert', task, step: 1, attempt, index: 1, auto: false, expr: 'status == 200', file: 'p.yaml', line: 3, outcome, values: [{ path: 'status', value }], detail: [], error: null, note: null });

/** One run: a and b overlap; a sends to /orders and /x, b to /orders/ and /orders; `aFails` decides a. */
function run(id: string, aFails: boolean): RunEvent[] {
  return [
    runStart(id),
    taskStart('a'),
    taskStart('b'),
    exchange('a', 'http://h/orders?x=1'),
    exchange('a', 'http://h/x'),
    assert('a', 1, 'failed', '500'),
    assert('a', 2, aFails ? 'failed' : 'held', aFails ? '503' : '200'),
    exchange('b', 'http://h/orders'),
    assert('b', 1, 'held', '200'),
    taskEnd('b', 'passed'),
    taskEnd('a', aFails ? 'failed' : 'passed'),
    runEnd(aFails ? 1 : 0),
  ];
}

const start: SeriesStartEvent = { type: 'series.start', schema: 'runner.events/v1', version: 'v', plan: 'p.yaml', repeat: 3, jobs: [1, 2], lifecycle: { strategy: 'unique', sharedTarget: false }, startedAt: 't' };

describe('the series tally', () => {
  it('counts rates, keeps the last attempt\'s values of each failing run, and the overlapping task on the shared path', () => {
    const t = createPassTally(2, ['a', 'b']);
    for (const ev of [...run('R1', false), ...run('R2', true), ...run('R3', false)]) t.add(ev);
    const pass = t.result();
    expect(pass.firstFailing).toEqual({ index: 2, runId: 'R2' });
    expect(passReportLines(start, pass)).toEqual(['3 runs of p.yaml at --jobs 2, lifecycle unique:', 'a 2/3 passed FLAKY', '  run 2: assert status == 200 failed: status = 503', 'b 3/3 passed']);
    expect(pass.tasks[0]!.overlaps).toEqual([{ task: 'b', paths: ['/orders'] }]);
  });

  it('keeps at most 10 failing runs per task and counts the rest', () => {
    const t = createPassTally(2, ['a', 'b']);
    for (const ev of run('R0', false)) t.add(ev);
    for (let i = 1; i <= SERIES_FAILURES_KEPT + 3; i++) for (const ev of run(`R${i}`, true)) t.add(ev);
    const lines = passReportLines({ ...start, repeat: 14 }, t.result());
    expect(lines[1]).toBe('a 1/14 passed FLAKY');
    expect(lines.filter((l) => l.startsWith('  run '))).toHaveLength(SERIES_FAILURES_KEPT);
    expect(lines).toContain('  and 3 more failing runs');
  });

  it('leaves a run a signal cut short out of the rates', () => {
    const t = createPassTally(2, ['a', 'b']);
    for (const ev of run('R1', false)) t.add(ev);
    for (const ev of [...run('R2', true).slice(0, -1), runEnd(1, 'signal')]) t.add(ev);
    const pass = t.result();
    expect(pass.runs.map((r) => r.interrupted)).toEqual([false, true]);
    expect(pass.tasks.map((x) => `${x.task} ${x.passed}/${x.runs}`)).toEqual(['a 1/1', 'b 1/1']);
    expect(pass.firstFailing).toBeNull();
  });
});

describe('compare lines', () => {
  const task = (name: string, passed: number, overlaps: SeriesPass['tasks'][number]['overlaps'] = []) => ({ task: name, finally: false, runs: 2, passed, skipped: 0, durationMs: 1, failures: [], moreFailures: 0, overlaps });
  const pass = (jobs: number, tasks: SeriesPass['tasks']): SeriesPass => ({ jobs, runs: [1, 2].map((index) => ({ index, runId: `R${jobs}${index}`, exitCode: 0, summary: '', interrupted: false })), tasks, firstFailing: null });

  it('hints at a claim for each task that passed serially but not in parallel', () => {
    const lines = compareLines(
      pass(1, [task('a', 2), task('b', 2), task('c', 2), task('d', 1)]),
      pass(4, [task('a', 0, [{ task: 'b', paths: ['/Carts/7'] }, { task: 'c', paths: ['/carts'] }]), task('b', 1), task('c', 2), task('d', 1)]),
    );
    expect(lines).toEqual([
      'pass rates at --jobs 1 and --jobs 4:',
      'a serial 2/2, --jobs 4 0/2',
      'b serial 2/2, --jobs 4 1/2',
      'c serial 2/2, --jobs 4 2/2',
      'd serial 1/2, --jobs 4 1/2',
      '',
      'hint: a fails at --jobs 4 but not at --jobs 1; it overlapped b on /Carts/7, c on /carts; declare a resource and hold it in all of them (holds: [carts])',
      'hint: b flakes at --jobs 4 but not at --jobs 1; it overlapped no task on the same URL paths, so look for state it shares another way',
    ]);
  });
});
