/**
 * The terminal report, streamed from events: the header and caveat when the
 * run starts, each failure block as its task ends, then notices, the summary
 * and the teardown line. Colour only on a TTY with NO_COLOR unset.
 */
import { TASK_STATES, type RunEvent, type RunEndEvent, type TaskState } from '../events/types.js';
import { blockText, renderBlock } from './block.js';
import { formatMs } from '../events/format.js';
import { createRunModel, RESET_TASK, type TaskReport } from './model.js';
import { coverageLine } from './openapi-coverage.js';

export interface TerminalOptions {
  write(text: string): void;
  color?: boolean;
  /** Show a progress line (TTY only) for runs longer than a second. */
  progress?: boolean;
}

const RED = '\x1b[31m';
const GREEN = '\x1b[32m';
const YELLOW = '\x1b[33m';
const RESET = '\x1b[0m';

/** Colour of a state word: green passed; red failed, errored, timed out; yellow the rest. */
export function stateColor(state: TaskState): string {
  if (state === 'passed') return GREEN;
  if (state === 'failed' || state === 'errored' || state === 'timed out') return RED;
  return YELLOW;
}

/** The summary line: the seven counts in state order, then tasks, requests and wall time. */
export function summaryLine(end: RunEndEvent, color = false): string {
  const parts = TASK_STATES.map((s) => {
    // spec §4 "What a run prints" 2: `passed` gains `(N unverified)`.
    const text = s === 'passed' && (end.unverified ?? 0) > 0 ? `${end.counts[s]} ${s} (${end.unverified} unverified)` : `${end.counts[s]} ${s}`;
    return color && end.counts[s] > 0 ? stateColor(s) + text + RESET : text;
  });
  // Always plural, as the spec writes it: `(T tasks, R requests, <wall time>)`.
  return `${parts.join(' ')} (${end.tasks} tasks, ${end.requests} requests, ${formatMs(end.wallMs)})`;
}

/** Lines for one task that ended without passing (empty for passed tasks). */
export function taskLines(t: TaskReport, color = false): string[] {
  if (t.state === 'passed') return [];
  const paint = (word: string, s: TaskState) => (color ? stateColor(s) + word + RESET : word);
  if (t.state === 'blocked') return [`${paint('BLOCKED', 'blocked')} ${t.name} ${t.reason ?? ''}`.trimEnd()];
  if (t.state === 'not run') return [`${paint('NOT RUN', 'not run')} ${t.name} ${t.reason ?? ''}`.trimEnd()];
  if (t.state === 'skipped') return [];
  const b = renderBlock(t.name, t.state, t.reason, t.failure, t.file, t.line);
  const lines = blockText(b);
  if (color) lines[0] = lines[0]!.replace(b.word, paint(b.word, t.state));
  return [...lines, ''];
}

/** Create the streaming terminal reporter; feed it every event. */
export function createTerminalReporter(options: TerminalOptions): (event: RunEvent) => void {
  const color = options.color ?? false;
  const model = createRunModel({ keepTasks: false });
  let teardownHeading = false;
  let ended = 0;
  let progressShown = false;
  let startedAt = 0;
  let needBlank = false;
  let lastBlank = true;
  const out = (lines: string[]) => {
    if (lines.length === 0) return;
    lastBlank = lines[lines.length - 1] === '';
    if (needBlank) {
      needBlank = false;
      lines = ['', ...lines];
    }
    if (progressShown) {
      options.write('\r\x1b[K');
      progressShown = false;
    }
    options.write(lines.join('\n') + '\n');
  };

  return (ev) => {
    const done = model.add(ev);
    switch (ev.type) {
      case 'run.start': {
        startedAt = Date.now();
        const lines = [`run ${ev.runId} ${ev.plan} --jobs ${ev.jobs} lifecycle ${ev.lifecycle.strategy}`, ...ev.runtimes];
        out(lines);
        needBlank = true;
        return;
      }
      case 'notice':
        if (ev.kind === 'caveat') {
          const blank = needBlank;
          needBlank = false;
          out([`caveat: ${ev.text}`]);
          needBlank = blank;
        }
        return;
      case 'lifecycle':
        if (ev.state !== 'passed') {
          const f = model.resetFailure;
          const b = renderBlock(RESET_TASK, f?.end?.state === 'timed out' ? 'timed out' : f?.end?.state === 'errored' ? 'errored' : 'failed', ev.reason, f, model.start?.plan ?? '', f?.start.line ?? 0);
          out([...blockText(b), '', 'LIFECYCLE RESET FAILED: no task ran', '']);
        }
        return;
      case 'task.end': {
        ended++;
        // Every task that did not run gets its NOT RUN line, after a failed reset hook too (spec §4 run, item 4).
        if (!done) break;
        const lines = taskLines(done, color);
        if (done.finally && lines.length > 0 && !teardownHeading) {
          teardownHeading = true;
          lines.unshift('TEARDOWN');
        }
        // A block stands apart from a BLOCKED or NOT RUN line printed before it.
        if (lines.length > 1 && !lastBlank && !needBlank) lines.unshift('');
        out(lines);
        break;
      }
      case 'run.end': {
        const lines: string[] = lastBlank || needBlank ? [] : [''];
        const notes = model.notices.filter((n) => n.kind !== 'caveat');
        for (const n of notes) lines.push(`${n.kind}: ${n.text}`);
        // --openapi-coverage: one line per document, just above the summary.
        for (const c of model.coverage) lines.push(coverageLine(c));
        if (notes.length > 0 || model.coverage.length > 0) lines.push('');
        lines.push(summaryLine(ev, color));
        if (ev.teardown) lines.push(`teardown: ${ev.teardown.passed} passed ${ev.teardown.failed} failed${ev.teardown.errored ? ` ${ev.teardown.errored} errored` : ''}`);
        out(lines);
        return;
      }
      default:
        break;
    }
    if (options.progress && ev.type === 'task.end' && Date.now() - startedAt > 1000) {
      const total = (model.start?.tasks ?? 0) + (model.start?.finallyTasks ?? 0);
      options.write(`\r\x1b[K${ended}/${total} tasks done`);
      progressShown = true;
    }
  };
}
