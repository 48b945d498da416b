/**
 * The HTML report's tasks: the contents (every state in the summary's order,
 * plan-runner.md §3, each linking to its section and its tasks), and one
 * `<details>` per task under its state. Passed and skipped tasks sit closed;
 * every other state is open, its failure block in full with the assertion
 * that did not hold highlighted, the body as the log carries it when the
 * block had to cut it, and the phases of its exchanges.
 */
import { BLOCK_BODY_CAP, formatMs } from '../events/format.js';
import { TASK_STATES, type TaskState, type WireMessage } from '../events/types.js';
import { blockText, renderBlock } from './block.js';
import { cls, esc } from './html-parts.js';
import { phasesLegend, phasesSvg } from './html-timeline.js';
import type { TaskReport } from './model.js';

/** Sections on the page: failures first, as the terminal prints them (docs/run.md "--html"). */
export const SECTION_ORDER: TaskState[] = ['failed', 'errored', 'timed out', 'blocked', 'not run', 'skipped', 'passed'];

/** States whose tasks open by themselves: they are why a reader came. */
const OPEN = new Set<TaskState>(['failed', 'errored', 'timed out', 'blocked', 'not run']);

/** The TOC lists each state's tasks; a longer list sits in a closed `<details>` of its own. */
const TOC_LIST_OPEN_UP_TO = 30;

/** A section's anchor: `state-failed`, `teardown-state-timed-out`. */
export const stateId = (s: TaskState, teardown: boolean): string => `${teardown ? 'teardown-' : ''}state-${cls(s)}`;

/** The block's text with every assertion that did not hold inside `<mark class="assert">`. */
function blockHtml(t: TaskReport): string {
  const b = renderBlock(t.name, t.state, t.reason, t.failure, t.file, t.line);
  const marked = new Set(b.asserts.map((i) => i + 1));
  return blockText(b)
    .map((line, i) => (marked.has(i) ? `<mark class="assert">${esc(line)}</mark>` : esc(line)))
    .join('\n');
}

/** A body the block cut (over 2 KiB) shown as the log carries it, closed, with its full size. */
function bodyDetails(what: string, m: WireMessage | null | undefined): string {
  if (!m || m.body === null || m.bodyEncoding !== 'utf8' || m.bodySize <= BLOCK_BODY_CAP) return '';
  const kept = Buffer.byteLength(m.body, 'utf8');
  const note = m.bodyTruncated ? `, the log kept the first ${kept} (--events-body-cap)` : '';
  return `<details class="body"><summary>${esc(`${what} body: ${m.bodySize} bytes${note}`)}</summary><pre>${esc(m.body)}${m.bodyTruncated ? esc('\n… (body truncated)') : ''}</pre></details>`;
}

/**
 * Phases are drawn for every task that did not pass, and for passed ones while
 * the run has at most this many tasks: a picture per task of a 20,000-task run
 * would make the page tens of megabytes (the timeline still shows every task).
 */
export const PHASES_FOR_PASSED_UP_TO = 500;

/** One task as a `<details>`: summary line, then facts, failure block and phases (when `phases`). */
export function taskDetails(t: TaskReport, id: string, phases = true): string {
  const reason = t.reason && t.state !== 'passed' ? ` <span class="reason">${esc(t.reason.split('\n')[0]!)}</span>` : '';
  const summary = `<summary><span class="state ${cls(t.state)}">${esc(t.state)}</span> ${esc(t.name)} <span class="reason">(${esc(formatMs(t.durationMs))})</span>${reason}</summary>`;
  const tt = t.times;
  const facts = [
    `${t.file}:${t.line}`,
    ...(tt.lane !== null ? [`lane ${tt.lane + 1}`] : []),
    ...(tt.startedAt !== null ? [`started at ${formatMs(tt.startedAt)}`] : []),
    ...(tt.endedAt !== null ? [`ended at ${formatMs(tt.endedAt)}`] : []),
    ...(tt.waits.length > 0 ? [`waited for ${tt.waits.map((w) => w.resource).join(', ')}`] : []),
    `${t.requests} request${t.requests === 1 ? '' : 's'}`,
  ];
  const body: string[] = [summary, `<p class="facts">${esc(facts.join(' · '))}</p>`];
  if (t.state === 'failed' || t.state === 'errored' || t.state === 'timed out') {
    body.push(`<pre class="block">${blockHtml(t)}</pre>`);
    const ex = t.failure?.exchange;
    body.push(bodyDetails('request', ex?.request), bodyDetails('response', ex?.response));
  }
  const svg = phases || t.state !== 'passed' ? phasesSvg(t) : '';
  if (svg) body.push(`<figure class="phases">${svg}${phasesLegend(t)}</figure>`);
  return `<details class="task ${cls(t.state)}" id="${esc(id)}"${OPEN.has(t.state) ? ' open' : ''}>${body.filter(Boolean).join('\n')}</details>`;
}

/** Every state with tasks, as one `<section>` each, in `SECTION_ORDER`; `runTasks` counts the run's tasks (main and finally). */
export function taskSections(tasks: TaskReport[], teardown: boolean, id: (t: TaskReport) => string, runTasks = tasks.length): string[] {
  const out: string[] = [];
  const phases = runTasks <= PHASES_FOR_PASSED_UP_TO;
  for (const s of SECTION_ORDER) {
    const list = tasks.filter((t) => t.state === s);
    if (list.length === 0) continue;
    out.push(`<section id="${stateId(s, teardown)}"><h2 class="${cls(s)}">${esc(teardown ? `teardown ${s}` : s)} (${list.length})</h2>`);
    for (const t of list) out.push(taskDetails(t, id(t), phases));
    out.push('</section>');
  }
  return out;
}

/** The contents' entries for a set of tasks: the states in summary order, each linking to its section and its tasks. */
export function tocStates(tasks: TaskReport[], teardown: boolean, id: (t: TaskReport) => string): string[] {
  const out: string[] = [];
  for (const s of TASK_STATES) {
    const list = tasks.filter((t) => t.state === s);
    const word = `${teardown ? 'teardown ' : ''}${s}`;
    if (list.length === 0) {
      // Main tasks show all seven counts, as the summary line does; teardown only the states it has.
      if (!teardown) out.push(`<li class="none">0 ${esc(word)}</li>`);
      continue;
    }
    const links = list.map((t) => `<li><a href="#${esc(id(t))}">${esc(t.name)}</a></li>`).join('');
    const sub = list.length <= TOC_LIST_OPEN_UP_TO ? `<ul>${links}</ul>` : `<details><summary>${list.length} tasks</summary><ul>${links}</ul></details>`;
    out.push(`<li><a href="#${stateId(s, teardown)}"><span class="state ${cls(s)}">${list.length} ${esc(word)}</span></a>${sub}</li>`);
  }
  return out;
}
