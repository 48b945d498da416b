/** The terminal report renders from events alone (no engine, no plan). */
import { describe, expect, it } from 'vitest';
import type { RunEvent } from '../events/types.js';
import { createTerminalReporter } from './terminal.js';

const start: RunEvent = { type: 'run.start', schema: 'runner.events/v1', version: 'v', runId: '01ARZ3NDEKTSV4RRFFQ69G5FAV', plan: 'p.yaml', jobs: 2, lifecycle: { strategy: 'unique', sharedTarget: true }, startedAt: 'x', runtimes: [], tasks: 2, finallyTasks: 0 };
const end: RunEvent = { type: 'run.end', exitCode: 1, counts: { passed: 1, failed: 0, errored: 0, 'timed out': 0, skipped: 0, blocked: 1, 'not run': 0 }, tasks: 2, requests: 1, wallMs: 1234, teardown: null, ending: 'completed', signal: null };
const taskEnd = (task: string, state: 'passed' | 'blocked', reason: string | null): RunEvent => ({ type: 'task.end', task, finally: false, state, reason, step: null, durationMs: 1, requests: 0, file: 'p.yaml', line: 3 });

function render(events: RunEvent[], color = false): string {
  let out = '';
  const r = createTerminalReporter({ write: (t) => (out += t), color });
  events.forEach(r);
  return out;
}

describe('terminal report', () => {
  it('prints header, caveat, blocked line, notices and summary', () => {
    const text = render([start, { type: 'notice', kind: 'caveat', text: 'shared' }, taskEnd('a', 'passed', null), taskEnd('b', 'blocked', 'needs x, which failed'), { type: 'notice', kind: 'only', text: '--only b: …' }, end]);
    expect(text).toBe(
      [
        'run 01ARZ3NDEKTSV4RRFFQ69G5FAV p.yaml --jobs 2 lifecycle unique',
        'caveat: shared',
        '',
        'BLOCKED b needs x, which failed',
        '',
        'only: --only b: …',
        '',
        '1 passed 0 failed 0 errored 0 timed out 0 skipped 1 blocked 0 not run (2 tasks, 1 requests, 1.23s)',
        '',
      ].join('\n'),
    );
  });

  it('colours only when asked: green passed, yellow blocked', () => {
    expect(render([start, end])).not.toContain('\x1b[');
    const c = render([start, taskEnd('b', 'blocked', 'r'), end], true);
    expect(c).toContain('\x1b[33mBLOCKED\x1b[0m b r');
    expect(c).toContain('\x1b[32m1 passed\x1b[0m');
    expect(c).toContain('\x1b[33m1 blocked\x1b[0m');
  });
});
