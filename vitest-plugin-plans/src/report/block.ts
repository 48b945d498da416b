/**
 * The failure block of one task (plan-runner.md "What a run prints" 3): the
 * heading with the plan location at the right margin, the exchange, every
 * assertion that did not hold with the values it read, and the timing line.
 * Terminal, JUnit, TAP and HTML all print this same text.
 */
import type { ExchangeEvent, TaskState } from '../events/types.js';
import { atMargin, formatMs } from '../events/format.js';
import type { StepDetail } from './model.js';

const HEAD: Partial<Record<TaskState, string>> = { failed: 'FAIL', errored: 'ERROR', 'timed out': 'TIMEOUT' };

export interface Block {
  heading: string;
  /** The heading word (FAIL, ERROR, TIMEOUT), for colouring. */
  word: string;
  lines: string[];
  /** Indices into `lines` of each assertion that did not hold (its `assert … failed` line): the HTML page highlights them. */
  asserts: number[];
}

/**
 * `timing <phase> .. <phase> ..` over the exchange's phases in its kind's
 * order, with the connection note for an http exchange.
 */
export function timingLine(ex: ExchangeEvent): string {
  const phases = Object.entries(ex.timing ?? {}).map(([name, ms]) => `${name} ${formatMs(ms)}`).join(' ');
  const http = 'ttfb' in (ex.timing ?? {});
  const note = http && (ex.response || ex.error === null) ? (ex.newConnection ? ' (new connection)' : ' (reused connection)') : '';
  return `timing ${phases}${note}`;
}

/**
 * Render the block of a task (or of the reset hook) that did not pass.
 * `taskName` is printed as given; `state` picks the heading word.
 */
export function renderBlock(taskName: string, state: TaskState, reason: string | null, detail: StepDetail | null, file: string, line: number): Block {
  const word = HEAD[state] ?? state.toUpperCase();
  if (!detail) {
    const heading = atMargin(`${word} ${taskName}`, `${file}:${line}`);
    return { heading, word, lines: reason ? [reason] : [], asserts: [] };
  }
  const step = detail.start;
  const notHeld = detail.asserts.filter((a) => a.outcome !== 'held');
  let left = `${word} ${taskName} › step ${step.step}`;
  let loc = `${step.file}:${step.line}`;
  if (state === 'failed' && notHeld.length > 0) {
    left += ` › assert #${notHeld[0]!.index}`;
    loc = `${notHeld[0]!.file}:${notHeld[0]!.line}`;
  }
  const lines: string[] = [];
  if (step.name) lines.push(`step: ${step.name}`);
  const ex = detail.exchange;
  // The kind rendered its exchange when the event was emitted (steps/<kind>/render.ts).
  if (ex) lines.push(...(ex.lines ?? []));
  if (ex?.error) lines.push(`error: ${ex.error}`);
  if (state === 'timed out') {
    const phase = detail.end?.phase;
    lines.push(phase ? `deadline hit ${phase}` : 'deadline hit');
    if (reason) lines.push(reason);
  } else if (state === 'errored' && reason && reason !== ex?.error) {
    lines.push(`error: ${reason}`);
  }
  const asserts: number[] = [];
  for (const a of notHeld) {
    const what = a.outcome === 'error' ? `error: ${a.error ?? ''}` : a.outcome;
    asserts.push(lines.length);
    lines.push(atMargin(`assert ${a.expr} ${what}`, `${a.file}:${a.line}`, 98));
    for (const v of a.values) lines.push(`  ${v.path} = ${v.value}`);
    for (const d of a.detail) lines.push(`  ${d}`);
    if (a.note) lines.push(`  note: ${a.note}`);
  }
  if (state === 'failed' && notHeld.length === 0 && reason) lines.push(...reason.split('\n'));
  if (ex) lines.push(timingLine(ex));
  return { heading: atMargin(left, loc), word, lines, asserts };
}

/** The block as plain text lines: heading, then body lines indented by two spaces. */
export function blockText(b: Block): string[] {
  return [b.heading, ...b.lines.map((l) => (l === '' ? '' : '  ' + l))];
}
