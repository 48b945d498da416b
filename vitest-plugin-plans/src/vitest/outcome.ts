/**
 * A task's report → what its Vitest test does. The failure text is the
 * terminal report's own lines for the task (`taskLines`: the FAIL, ERROR or
 * TIMEOUT block with the exchange, the values read and the timing line), so
 * Vitest shows exactly what `runner run` prints.
 */
import type { TaskReport } from '../report/model.js';
import { taskLines } from '../report/terminal.js';

/** What a test does once its task has ended. */
export type TestOutcome =
  | { kind: 'pass' }
  | { kind: 'skip'; reason: string }
  /** `line`: the YAML line the failure names (the failing assertion, else the step, else the task). */
  | { kind: 'fail'; message: string; line: number; taskLine: number };

/** Maps a task's end to its test: passed passes; failed, errored and timed out fail; skipped, blocked and not run skip. */
export function testOutcome(t: TaskReport): TestOutcome {
  switch (t.state) {
    case 'passed':
      return { kind: 'pass' };
    case 'skipped':
    case 'blocked':
    case 'not run':
      return { kind: 'skip', reason: t.reason ? `${t.state}: ${t.reason}` : t.state };
    default: {
      const lines = taskLines(t);
      while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
      const f = t.failure;
      const failed = f?.asserts.find((a) => a.outcome !== 'held');
      const line = (t.state === 'failed' ? failed?.line : undefined) ?? f?.start.line ?? t.line;
      return { kind: 'fail', message: lines.join('\n'), line, taskLine: t.line };
    }
  }
}
