/**
 * TAP version 14 from the run model: one test point per task in plan order
 * (finally tasks after, named `teardown › <task>`). Skipped, blocked and not-run tasks are
 * `ok … # SKIP <state>: <reason>`, mirroring JUnit's labelled `<skipped>`
 * (the exit code, not the TAP stream, says a blocked task fails the run).
 * Failures carry a YAML diagnostic with the failure block.
 */
import { blockText, renderBlock } from './block.js';
import { failureMessage } from './junit.js';
import { resetReport, tasksInPlanOrder, type RunModel, type TaskReport } from './model.js';

/** Escape `#` and `\` in a description (TAP 14). */
function desc(s: string): string {
  return s.replace(/\\/g, '\\\\').replace(/#/g, '\\#');
}

const q = (s: string) => JSON.stringify(s);

function point(n: number, t: TaskReport): string[] {
  const name = desc(t.finally ? `teardown › ${t.name}` : t.name);
  const why = (t.reason ?? '').replace(/\n/g, ' ');
  switch (t.state) {
    case 'passed':
      return [`ok ${n} - ${name}`];
    case 'skipped':
    case 'blocked':
    case 'not run':
      return [`ok ${n} - ${name} # SKIP ${t.state}: ${why}`.trimEnd()];
    default: {
      const block = blockText(renderBlock(t.name, t.state, t.reason, t.failure, t.file, t.line));
      const a = t.failure?.asserts.find((x) => x.outcome !== 'held');
      return [
        `not ok ${n} - ${name}`,
        '  ---',
        `  state: ${q(t.state)}`,
        `  message: ${q(failureMessage(t))}`,
        `  at: ${q(a ? `${a.file}:${a.line}` : `${t.file}:${t.line}`)}`,
        `  duration_ms: ${Math.round(t.durationMs)}`,
        '  block: |-',
        ...block.map((l) => (l === '' ? '' : `    ${l}`)),
        '  ...',
      ];
    }
  }
}

/** Render TAP 14 from a complete model. */
export function renderTap(model: RunModel): string {
  const ordered = tasksInPlanOrder(model);
  const tasks = [...ordered.filter((t) => !t.finally), ...ordered.filter((t) => t.finally)];
  const reset = resetReport(model);
  if (reset) tasks.unshift(reset);
  const lines = ['TAP version 14', `1..${tasks.length}`];
  tasks.forEach((t, i) => lines.push(...point(i + 1, t)));
  return lines.join('\n') + '\n';
}
