/**
 * The log reader's contract for one run and for a series (docs/events.md
 * "Series"): a single-run log holds one run, as before; a series log opens
 * with series.start, holds runs one after another, and ends with series.end.
 */
import { describe, expect, it } from 'vitest';
import { EventLogError, parseEventLog } from './log.js';

const runStart = { type: 'run.start', schema: 'runner.events/v1', version: 'v', runId: 'R', plan: 'p.yaml', jobs: 1, lifecycle: { strategy: 'unique', sharedTarget: false }, startedAt: 't', runtimes: [], tasks: 0, finallyTasks: 0 };
const runEnd = { type: 'run.end', exitCode: 0, counts: {}, unverified: 0, tasks: 0, requests: 0, wallMs: 1, teardown: null, ending: 'completed', signal: null };
const seriesStart = { type: 'series.start', schema: 'runner.events/v1', version: 'v', plan: 'p.yaml', repeat: 2, jobs: [1], lifecycle: { strategy: 'unique', sharedTarget: false }, startedAt: 't' };
const seriesEnd = { type: 'series.end', exitCode: 0, passes: [], signal: null, shown: null };
const taskStart = { type: 'task.start', task: 'a', finally: false, file: 'p.yaml', line: 3, at: 0.5, lane: 0 };
const coverage = { type: 'openapi.coverage', document: 'api.yaml', operations: [{ method: 'GET', path: '/x', seen: 1, responses: [{ status: '200', seen: 1 }] }], undocumented: [], unmatched: [], moreUnmatched: 0 };
const log = (...evs: object[]) => evs.map((e) => JSON.stringify(e)).join('\n') + '\n';

function refusal(text: string): string {
  try {
    parseEventLog(text);
  } catch (e) {
    if (e instanceof EventLogError) return e.message;
    throw e;
  }
  return 'accepted';
}

describe('parseEventLog', () => {
  it('reads a series log: series.start, runs in turn, series.end', () => {
    expect(parseEventLog(log(seriesStart, runStart, runEnd, runStart, runEnd, seriesEnd)).map((e) => e.type)).toEqual(['series.start', 'run.start', 'run.end', 'run.start', 'run.end', 'series.end']);
  });

  it('reads the timeline fields and the openapi.coverage event', () => {
    expect(parseEventLog(log(runStart, taskStart, coverage, runEnd)).map((e) => e.type)).toEqual(['run.start', 'task.start', 'openapi.coverage', 'run.end']);
  });

  it.each([
    ['an unknown field in task.start', log(runStart, { ...taskStart, worker: 1 }), 'event 2: unknown field "worker" in task.start'],
    ['an unknown field in openapi.coverage', log(runStart, { ...coverage, total: 3 }, runEnd), 'event 2: unknown field "total" in openapi.coverage'],
    ['a second run.start in a single-run log', log(runStart, runEnd, runStart, runEnd), 'event 3: a second run.start; one log holds one run'],
    ['series.end in a single-run log', log(runStart, runEnd, seriesEnd), 'event 3: series.end in a log that began with run.start'],
    ['a run.start before the previous run ended', log(seriesStart, runStart, runStart), 'event 3: run.start before the previous run\'s run.end'],
    ['an event outside a run', log(seriesStart, runEnd), 'event 2: run.end outside a run; want run.start first'],
    ['an event after series.end', log(seriesStart, seriesEnd, runStart), 'event 3: run.start after series.end; series.end is the last event'],
    ['a series log without series.end', log(seriesStart, runStart, runEnd), 'event 3: the series log ends without series.end'],
    ['series.end inside a run', log(seriesStart, runStart, seriesEnd), 'event 3: series.end inside a run; want run.end first'],
    ['a series of another schema', log({ ...seriesStart, schema: 'x/v9' }), 'event 1: schema "x/v9" is not runner.events/v1'],
    ['an unknown field in series.end', log(seriesStart, { ...seriesEnd, extra: 1 }), 'event 2: unknown field "extra" in series.end'],
  ])('refuses %s', (_, text, message) => {
    expect(refusal(text)).toBe(message);
  });
});
